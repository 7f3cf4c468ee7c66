@preconcurrency import Glibc

// laundryd: the notification service, plus questions only it can answer (the command links no GLib); arguments by hand.
setvbuf(stdout, nil, _IOLBF, 0)
exit(DaemonMain.run(Array(CommandLine.arguments.dropFirst())))
