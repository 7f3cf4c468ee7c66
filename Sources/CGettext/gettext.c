// SwiftPM builds a C target only with a source file; the functions are glibc's.
