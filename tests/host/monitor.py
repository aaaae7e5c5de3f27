#!/usr/bin/env python3
"""monitor.py SOCKET COMMAND: one command to QEMU's human monitor on a unix socket
(-monitor unix:SOCKET,server,nowait); prints its answer, without the echo, and
returns once QEMU prompts again (a screendump is written by then). For the screen
tests (tests/host/pc-end.sh, screen-sizes.sh)."""
import re, socket, sys

s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.settimeout(30)
buf = b""
while not buf.endswith(b"(qemu) "):
    buf += s.recv(4096)
s.sendall(sys.argv[2].encode() + b"\n")
out = b""
while not out.endswith(b"(qemu) "):
    chunk = s.recv(65536)
    if not chunk:                       # quit: QEMU closes the socket instead
        break
    out += chunk
text = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out.decode("latin-1")).replace("\r", "")
print("\n".join(text.split("\n")[1:-1]))
