#!/usr/bin/env python3
"""Expands the YAML anchors and aliases of a block-style YAML file in place, keeping its comments
and layout, and checks that the result parses to the same document.

    scripts/expand-yaml-anchors.py spec/openapi.yaml

Some OpenAPI generators (ogen) do not resolve aliases; the spec is kept without them.
"""
import re
import sys

import yaml

ANCHOR = re.compile(r'^(\s*)(-|[^\s#][^:]*:)\s+&([A-Za-z0-9_-]+)\s*$')
ALIAS = re.compile(r'^(\s*)(-|[^\s#][^:]*:)\s+\*([A-Za-z0-9_-]+)\s*$')


def indent(line):
    return len(line) - len(line.lstrip(' '))


def block_after(lines, i):
    """The lines of the block value that follows line i (deeper than line i), and where it ends."""
    base = indent(lines[i])
    j = i + 1
    while j < len(lines) and (lines[j].strip() == '' or indent(lines[j]) > base):
        j += 1
    while j > i + 1 and lines[j - 1].strip() == '':
        j -= 1
    return lines[i + 1:j], j


def expand(text):
    lines = text.split('\n')
    blocks = {}
    for i, line in enumerate(lines):
        m = ANCHOR.match(line)
        if m:
            body, _ = block_after(lines, i)
            if m.group(2) == '-':
                # "- &a" then the item's mapping: its keys sit 2 past the dash
                pass
            b = min(indent(l) for l in body if l.strip())
            blocks[m.group(3)] = [l[b:] if l.strip() else '' for l in body]
    out = []
    for line in lines:
        m = ANCHOR.match(line)
        if m:
            out.append(m.group(1) + m.group(2))
            continue
        m = ALIAS.match(line)
        if m:
            ind, key, name = m.groups()
            out.append(ind + key)
            for l in resolve(blocks[name], blocks):
                out.append((ind + '  ' + l) if l else '')
            continue
        out.append(line)
    return '\n'.join(out)


def resolve(body, blocks):
    """A stored block with its own anchors dropped and its aliases expanded."""
    text = '\n'.join(body)
    return expand_block(text, blocks).split('\n')


def expand_block(text, blocks):
    out = []
    for line in text.split('\n'):
        m = ANCHOR.match(line)
        if m:
            out.append(m.group(1) + m.group(2))
            continue
        m = ALIAS.match(line)
        if m:
            ind, key, name = m.groups()
            out.append(ind + key)
            for l in resolve(blocks[name], blocks):
                out.append((ind + '  ' + l) if l else '')
            continue
        out.append(line)
    return '\n'.join(out)


def main(path):
    text = open(path).read()
    new = expand(text)
    if yaml.safe_load(new) != yaml.safe_load(text):
        sys.exit(f'{path}: the expanded file parses to another document; left as it was')
    if re.search(r'(?m)^\s*(-|[^\s#][^:]*:)\s+[&*][A-Za-z]', new):
        sys.exit(f'{path}: anchors or aliases left after expansion')
    open(path, 'w').write(new)


if __name__ == '__main__':
    main(sys.argv[1])
