#!/usr/bin/env python3
"""Fills translations into a Qt .ts file: reads "source<TAB>translation" lines (\\n escapes allowed) from a file or
stdin and sets every matching <message> (any context) to the translation, marking it finished. Prints what is still
unfinished. A plural message (numerus="yes") takes its forms separated by " ||| " (German: singular ||| plural).
Usage: scripts/ts_fill.py translations/glassbox_de.ts PAIRS.tsv"""
import sys
import xml.etree.ElementTree as ET


def main():
    ts_path = sys.argv[1]
    src = open(sys.argv[2], encoding="utf-8") if len(sys.argv) > 2 else sys.stdin
    pairs = {}
    for line in src:
        line = line.rstrip("\n")
        if not line or line.startswith("#"):
            continue
        s, t = line.split("\t", 1)
        pairs[s.replace("\\n", "\n")] = t.replace("\\n", "\n")
    tree = ET.parse(ts_path)
    missing = []
    for msg in tree.getroot().iter("message"):
        s = msg.findtext("source")
        tr = msg.find("translation")
        if tr.get("type") in ("vanished", "obsolete"):
            continue
        if s in pairs:
            if msg.get("numerus") == "yes":
                for c in list(tr):
                    tr.remove(c)
                tr.text = "\n            "
                forms = pairs[s].split(" ||| ")
                for i, form in enumerate(forms):
                    c = ET.SubElement(tr, "numerusform")
                    c.text = form
                    c.tail = "\n            " if i + 1 < len(forms) else "\n        "
            else:
                tr.text = pairs[s]
            tr.attrib.pop("type", None)
        elif tr.get("type") == "unfinished" or not ((tr.text or "").strip() or any((c.text or "").strip() for c in tr)):
            missing.append(s)
    with open(ts_path, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
        f.write(b"\n")
    for m in missing:
        print("unfinished:", m)


if __name__ == "__main__":
    main()
