#!/usr/bin/env python3
"""Reads `dbus-monitor --pcap` output and prints one line per Notify call: its time on the bus (as
the monitor received it), then the summary and body, tab-separated. A binary capture costs the
monitor almost nothing per message, unlike its text output, so under a burst of 1,000
notifications the times are those of the bus, not of a monitor busy formatting text.

notify-pcap.py CAPTURE"""
import struct, sys

def parse_message(data):
    """(member, [strings of the body's leading s/u fields]) of a D-Bus message, or None."""
    endian = "<" if data[0:1] == b"l" else ">"
    msg_type = data[1]
    body_length, _serial, fields_length = struct.unpack(endian + "III", data[4:16])
    pos = 16
    end = pos + fields_length
    member, signature = None, ""
    def align(p, n): return (p + n - 1) // n * n
    while pos < end:
        pos = align(pos, 8)
        code = data[pos]; sig_len = data[pos + 1]; sig = data[pos + 2:pos + 2 + sig_len].decode(); pos += 3 + sig_len
        if sig in ("s", "o"):
            pos = align(pos, 4); (n,) = struct.unpack(endian + "I", data[pos:pos + 4]); value = data[pos + 4:pos + 4 + n].decode("utf-8", "replace"); pos += 5 + n
            if code == 3: member = value
        elif sig == "g":
            n = data[pos]; value = data[pos + 1:pos + 1 + n].decode(); pos += 2 + n
            if code == 8: signature = value
        elif sig == "u":
            pos = align(pos, 4) + 4
        else:
            return None
    pos = align(end, 8)
    values = []
    for kind in signature:
        if kind == "s":
            pos = align(pos, 4); (n,) = struct.unpack(endian + "I", data[pos:pos + 4])
            values.append(data[pos + 4:pos + 4 + n].decode("utf-8", "replace")); pos += 5 + n
        elif kind == "u":
            pos = align(pos, 4); values.append(str(struct.unpack(endian + "I", data[pos:pos + 4])[0])); pos += 4
        else:
            break
    return msg_type, member, values

def notify_calls(path):
    raw = open(path, "rb").read()
    magic = struct.unpack("<I", raw[:4])[0]
    endian = "<" if magic in (0xA1B2C3D4, 0xA1B23C4D) else ">"
    nano = magic in (0xA1B23C4D, 0x4D3CB2A1)
    pos = 24
    while pos + 16 <= len(raw):
        sec, frac, incl, _orig = struct.unpack(endian + "IIII", raw[pos:pos + 16])
        packet = raw[pos + 16:pos + 16 + incl]
        pos += 16 + incl
        parsed = parse_message(packet)
        if parsed and parsed[0] == 1 and parsed[1] == "Notify" and len(parsed[2]) >= 5:
            yield sec + frac / (1e9 if nano else 1e6), parsed[2][3], parsed[2][4]

if __name__ == "__main__":
    for when, summary, body in notify_calls(sys.argv[1]):
        print(f"{when:.6f}\t{summary}\t{body}")
