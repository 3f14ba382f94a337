#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes bash completion for kernel-review-cli from its own --help, so it never drifts.

    make_bash_completion.py HELP_TEXT_FILE OUTPUT

Reads the "Commands:" block (a command is a line indented by two spaces), the options (value
names in <…>), and for an option whose description starts with a list of words ("html, md, pdf,
csv or workspace") those words as its values. Options whose value is a PATH, FILE or DEST complete
file names (host names for the ssh destination, nothing for paths "on the host"), DIR folders;
other values complete nothing.
"""
import re
import sys

FILE_VALUES = {"PATH", "FILE", "DEST"}
DIR_VALUES = {"DIR"}


def parse(help_text):
    commands, options = [], []  # options: (name, value name or None, description)
    section = None
    for line in help_text.splitlines():
        if not line.strip():
            continue
        if not line.startswith(" "):
            section = line.strip().rstrip(":")
            continue
        if section == "Commands":
            m = re.match(r"^  ([a-z][a-z-]*)\b", line)
            if m and m.group(1) not in commands:
                commands.append(m.group(1))
        elif section == "Options":
            m = re.match(r"^  (?:-\w, )?(--[a-z][a-z-]*)(?: <([^>]+)>)?\s*(.*)$", line)
            if m:
                options.append([m.group(1), m.group(2), m.group(3)])
            elif options:  # a wrapped description
                options[-1][2] += " " + line.strip()
    return commands, options


def choices(description):
    text = re.sub(r"\s*\([^)]*\)", "", description)  # "(default)", "(newest iteration)"
    text = re.sub(r"^[a-z ]+: ", "", text)  # "export: ", "rerun batch: "
    m = re.match(r"^([\w-]+(?:, [\w-]+)*) or ([\w-]+)\b", text)
    if not m:
        return []
    return m.group(1).split(", ") + [m.group(2)]


def script(commands, options):
    names = " ".join(name for name, _, _ in options)
    valued = [(name, value, description) for name, value, description in options if value]
    cases = []
    for name, value, description in valued:
        words = choices(description)
        if words:
            action = 'COMPREPLY=($(compgen -W "%s" -- "$cur"))' % " ".join(words)
        elif name == "--host" or "over ssh" in description:
            action = 'COMPREPLY=($(compgen -A hostname -- "$cur"))'
        elif "on the host" in description:  # a path there, not here
            action = "COMPREPLY=()"
        elif value in FILE_VALUES:
            action = 'compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur"))'
        elif value in DIR_VALUES:
            action = 'compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur"))'
        else:
            action = "COMPREPLY=()"
        cases.append("        %s) %s; return ;;" % (name, action))
    takes_value = "|".join(name for name, _, _ in valued)
    return f"""# bash completion for kernel-review-cli
# Generated from `kernel-review-cli --help` by packaging/make_bash_completion.py; do not edit.
_kernel_review_cli()
{{
    local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD - 1]}}
    # --option=value: bash splits the word at '=' (COMP_WORDBREAKS)
    if [[ $cur == = ]]; then
        cur=""
    elif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
        prev=${{COMP_WORDS[COMP_CWORD - 2]}}
    fi
    case $prev in
{chr(10).join(cases)}
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "{names}" -- "$cur"))
        return
    fi
    local i command=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${{COMP_WORDS[i]}} in
        {takes_value}) [[ ${{COMP_WORDS[i + 1]}} == = ]] && ((i++)); ((i++)) ;;
        -*) ;;
        *) command=${{COMP_WORDS[i]}}; break ;;
        esac
    done
    if [[ -z $command ]]; then
        COMPREPLY=($(compgen -W "{" ".join(commands)}" -- "$cur"))
        return
    fi
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -f -- "$cur"))
}}
complete -F _kernel_review_cli kernel-review-cli
"""


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        commands, options = parse(f.read())
    if not commands or not options:
        sys.exit("make_bash_completion.py: no commands or no options found in %s" % sys.argv[1])
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(script(commands, options))


if __name__ == "__main__":
    main()
