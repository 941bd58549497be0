#!/usr/bin/python3
"""Asks a window to close the way a window manager's close button does: a
WM_DELETE_WINDOW client message (GTK turns it into the window's close request).
Usage: wm-close.py TITLE"""
import sys

from Xlib import X, display, protocol

title = sys.argv[1]
d = display.Display()
root = d.screen().root
wm_protocols = d.intern_atom("WM_PROTOCOLS")
wm_delete = d.intern_atom("WM_DELETE_WINDOW")


def find(win):
    try:
        if win.get_wm_name() == title and wm_delete in (win.get_wm_protocols() or []):
            return win
    except Exception:
        return None
    for child in win.query_tree().children:
        found = find(child)
        if found:
            return found
    return None


target = find(root)
if target is None:
    sys.exit(f"no window titled {title!r}")
event = protocol.event.ClientMessage(window=target, client_type=wm_protocols, data=(32, [wm_delete, X.CurrentTime, 0, 0, 0]))
target.send_event(event, event_mask=X.NoEventMask)
d.flush()
