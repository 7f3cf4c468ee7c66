import Glibc
import LaundryCore

/// The words of `FileProblem` and `JSONProblem`: why a file cannot be used, and what to do.
extension ErrorText {
    public static func line(for problem: FileProblem) -> String {
        switch problem {
        case .system(let code): return systemLine(code)
        case .symbolicLink: return Words.text("it is a symbolic link, which laundry does not follow")
        case .notARegularFile: return Words.text("it is not a regular file")
        case .tooLarge(let bytes, let limit):
            return Words.count(
                Int(clamping: bytes), "it is {count} byte, more than the {limit} a laundry file can be",
                "it is {count} bytes, more than the {limit} a laundry file can be", ["limit": Numbers.integer(limit)])
        case .grewWhileRead(let limit):
            return Words.text("it grew past {limit} bytes while being read", ["limit": Numbers.integer(limit)])
        case .homeNotAFolder:
            return Words.text("it exists but is not a folder; point LAUNDRY_HOME to a folder you can write")
        case .runtimeFolderNotAFolder:
            return Words.text(
                "it is not a folder (a link, or a file); remove it, or set XDG_RUNTIME_DIR to a folder of your own")
        case .runtimeFolderOfAnotherUser:
            return Words.text(
                "it belongs to another user; remove it, or set XDG_RUNTIME_DIR to a folder of your own")
        case .runtimeFolderOpenToOthers(let mode):
            return Words.text(
                "others can read or write it (mode {mode}); remove it, or set XDG_RUNTIME_DIR to a folder of your own",
                ["mode": String(mode, radix: 8)])
        case .notEncodable:
            return Words.text("it could not be encoded, which is a bug in laundry; please report it")
        case .notADeviceID: return Words.text("it is not a device id; delete it and laundry makes a new one")
        case .idDoesNotMatchFileName: return Words.text("its id does not match its file name")
        case .loadOfAnotherPet: return Words.text("its load belongs to another pet")
        case .implausible(let field):
            return Words.text("its field '{field}' holds a value laundry never writes", ["field": shown(field)])
        case .listsNoKinds: return Words.text("it lists no kinds or its default kind is not among them")
        case .missing: return Words.text("it is missing")
        case .unwatchable(let call, let code):
            return Words.text(
                "it cannot be watched ({call}: {code})", ["call": call, "code": SystemErrorText.describe(code)])
        case .json(let problem): return line(for: problem)
        }
    }

    public static func line(for problem: JSONProblem) -> String {
        switch problem {
        case .notJSON: return Words.text("it is not valid JSON")
        case .malformedValue(let path): return Words.text("a value at '{path}' is malformed", ["path": shown(path)])
        case .missingField(let field, ""):
            return Words.text("the field '{field}' is missing", ["field": shown(field)])
        case .missingField(let field, let path):
            return Words.text(
                "the field '{field}' at '{path}' is missing", ["field": shown(field), "path": shown(path)])
        case .wrongType(""): return Words.text("a value has the wrong type")
        case .wrongType(let path): return Words.text("a value at '{path}' has the wrong type", ["path": shown(path)])
        }
    }

    /// A failed system call on a file: what went wrong and what to do about it.
    private static func systemLine(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return Words.text("the disk is full; free some space and try again")
        case EDQUOT: return Words.text("the disk quota is exceeded; free some space and try again")
        case EACCES, EPERM:
            return Words.text("permission denied; check that LAUNDRY_HOME points to a folder you can write")
        case EROFS:
            return Words.text("the file system is read-only; check that LAUNDRY_HOME points to a folder you can write")
        case ENOTDIR:
            return Words.text(
                "a part of the path is not a folder; check that LAUNDRY_HOME points to a folder you can write")
        case EISDIR: return Words.text("a folder of that name is in the way; move it elsewhere and try again")
        default:
            return Words.text(
                "{error}; check the disk and that LAUNDRY_HOME is where you meant",
                ["error": SystemErrorText.describe(code)])
        }
    }
}
