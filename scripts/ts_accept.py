#!/usr/bin/env python3
"""Marks the translations lupdate's same-text heuristic filled in (moved strings: the text came from another
context) as finished, after a person has read them: prints each one it accepts. Usage: scripts/ts_accept.py TS"""
import sys
import xml.etree.ElementTree as ET

tree = ET.parse(sys.argv[1])
for ctx in tree.getroot().iter("context"):
    for msg in ctx.iter("message"):
        tr = msg.find("translation")
        if tr.get("type") == "unfinished" and (tr.text or "").strip():
            print(f"{ctx.findtext('name')}: {msg.findtext('source')!r} -> {tr.text!r}")
            tr.attrib.pop("type")
with open(sys.argv[1], "wb") as f:  # as lupdate and ts_fill.py write it
    f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
    tree.write(f, encoding="utf-8", xml_declaration=False)
    f.write(b"\n")
