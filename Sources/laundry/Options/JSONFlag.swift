import ArgumentParser

struct JSONFlag: ParsableArguments {
    @Flag(help: "Print JSON for scripts instead of a table.")
    var json = false
}
