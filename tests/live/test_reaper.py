"""One reaper a process frees the streams whose phone has gone: one look at all their sockets at once."""

from __future__ import annotations

import socket

from api.shell.reaper import Reaper


def test_a_look_tells_the_streams_whose_phones_closed_and_only_them():
    reaper = Reaper(every=60)  # looked at by hand here
    told = []
    pairs = [socket.socketpair() for _ in range(3)]  # (server side, phone side)
    try:
        for i, (served, _) in enumerate(pairs):
            reaper.add(served, lambda i=i: told.append(i))
        assert reaper.look() == 0 and told == []  # three phones there, quiet
        pairs[1][1].close()  # the second phone goes
        assert reaper.look() == 1 and told == [1]
        assert reaper.look() == 0 and told == [1]  # told once
        reaper.remove(pairs[0][0])  # the first stream ended by itself
        pairs[0][1].close()
        assert reaper.look() == 0 and told == [1]
    finally:
        for pair in pairs:
            for sock in pair:
                sock.close()
