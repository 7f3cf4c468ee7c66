@preconcurrency import Glibc

// laundryd: the notification service, and the few questions only it can answer for the command
// (which links no GLib). Its modes are few and fixed, so it reads its arguments by hand.
setvbuf(stdout, nil, _IOLBF, 0)
exit(DaemonMain.run(Array(CommandLine.arguments.dropFirst())))
