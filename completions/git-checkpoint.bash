
# Story ids for completion: the refs under refs/checkpoints/ (git -C is honoured when git's
# completion has parsed it).
__git_checkpoint_stories() {
    git ${__git_C_args:+"${__git_C_args[@]}"} for-each-ref --format='%(refname:lstrip=2)' refs/checkpoints 2>/dev/null
}

__git_checkpoint_remotes() {
    git ${__git_C_args:+"${__git_C_args[@]}"} remote 2>/dev/null
}
__git_checkpoint_templates() {
    echo pair team pm gstack
    git ${__git_C_args:+"${__git_C_args[@]}"} config --name-only --get-regexp '^checkpoint\..+\.sections$' 2>/dev/null | sed 's/^checkpoint\.//; s/\.sections$//'
    local top f
    top=$(git ${__git_C_args:+"${__git_C_args[@]}"} rev-parse --show-toplevel 2>/dev/null) || return 0
    for f in "$top"/.checkpoint/templates/*.md; do
        [[ -f $f ]] && { f=${f##*/}; echo "${f%.md}"; }
    done
}

_git__checkpoint() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="git__checkpoint"
                ;;
            git__checkpoint,agent)
                cmd="git__checkpoint__subcmd__agent"
                ;;
            git__checkpoint,at)
                cmd="git__checkpoint__subcmd__at"
                ;;
            git__checkpoint,claim)
                cmd="git__checkpoint__subcmd__claim"
                ;;
            git__checkpoint,current)
                cmd="git__checkpoint__subcmd__start"
                ;;
            git__checkpoint,diff)
                cmd="git__checkpoint__subcmd__diff"
                ;;
            git__checkpoint,done)
                cmd="git__checkpoint__subcmd__done"
                ;;
            git__checkpoint,export)
                cmd="git__checkpoint__subcmd__export"
                ;;
            git__checkpoint,fetch)
                cmd="git__checkpoint__subcmd__fetch"
                ;;
            git__checkpoint,generate-docs)
                cmd="git__checkpoint__subcmd__generate__subcmd__docs"
                ;;
            git__checkpoint,handoff)
                cmd="git__checkpoint__subcmd__handoff"
                ;;
            git__checkpoint,help)
                cmd="git__checkpoint__subcmd__help"
                ;;
            git__checkpoint,import)
                cmd="git__checkpoint__subcmd__import"
                ;;
            git__checkpoint,install-man)
                cmd="git__checkpoint__subcmd__install__subcmd__man"
                ;;
            git__checkpoint,list)
                cmd="git__checkpoint__subcmd__list"
                ;;
            git__checkpoint,log)
                cmd="git__checkpoint__subcmd__log"
                ;;
            git__checkpoint,mcp)
                cmd="git__checkpoint__subcmd__mcp"
                ;;
            git__checkpoint,pr-body)
                cmd="git__checkpoint__subcmd__pr__subcmd__body"
                ;;
            git__checkpoint,prompt)
                cmd="git__checkpoint__subcmd__prompt"
                ;;
            git__checkpoint,push)
                cmd="git__checkpoint__subcmd__push"
                ;;
            git__checkpoint,release)
                cmd="git__checkpoint__subcmd__release"
                ;;
            git__checkpoint,resume)
                cmd="git__checkpoint__subcmd__resume"
                ;;
            git__checkpoint,save)
                cmd="git__checkpoint__subcmd__save"
                ;;
            git__checkpoint,setup)
                cmd="git__checkpoint__subcmd__setup"
                ;;
            git__checkpoint,show)
                cmd="git__checkpoint__subcmd__show"
                ;;
            git__checkpoint,stack)
                cmd="git__checkpoint__subcmd__stack"
                ;;
            git__checkpoint,start)
                cmd="git__checkpoint__subcmd__start"
                ;;
            git__checkpoint,status)
                cmd="git__checkpoint__subcmd__status"
                ;;
            git__checkpoint,switch)
                cmd="git__checkpoint__subcmd__switch"
                ;;
            git__checkpoint,sync)
                cmd="git__checkpoint__subcmd__sync"
                ;;
            git__checkpoint__subcmd__agent,hook)
                cmd="git__checkpoint__subcmd__agent__subcmd__hook"
                ;;
            git__checkpoint__subcmd__agent,install)
                cmd="git__checkpoint__subcmd__agent__subcmd__install"
                ;;
            git__checkpoint__subcmd__agent,status)
                cmd="git__checkpoint__subcmd__agent__subcmd__status"
                ;;
            git__checkpoint__subcmd__agent,uninstall)
                cmd="git__checkpoint__subcmd__agent__subcmd__uninstall"
                ;;
            git__checkpoint__subcmd__stack,drop)
                cmd="git__checkpoint__subcmd__stack__subcmd__drop"
                ;;
            git__checkpoint__subcmd__stack,list)
                cmd="git__checkpoint__subcmd__stack__subcmd__list"
                ;;
            git__checkpoint__subcmd__stack,pop)
                cmd="git__checkpoint__subcmd__stack__subcmd__pop"
                ;;
            git__checkpoint__subcmd__stack,push)
                cmd="git__checkpoint__subcmd__stack__subcmd__push"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        git__checkpoint)
            opts="-h -V --color --no-pager --help --version"
            [[ ${cur} == -* ]] || opts="save resume show list log diff done push fetch sync setup claim release handoff at start current switch stack status import export prompt pr-body install-man agent mcp help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__agent)
            opts="-q -h --color --no-pager --quiet --help"
            [[ ${cur} == -* ]] || opts="install uninstall status hook"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__agent__subcmd__hook)
            opts="-q -h --agent --detached --from-plugin --color --no-pager --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --agent)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__agent__subcmd__install)
            opts="-q -h --project --user --shared --mcp --mcp-only --dry-run --color --no-pager --quiet --help"
            [[ ${cur} == -* ]] || opts="claude codex cursor gemini claude-desktop"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__agent__subcmd__status)
            opts="-q -h --json --color --no-pager --quiet --help"
            [[ ${cur} == -* ]] || opts="claude codex cursor gemini claude-desktop"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__agent__subcmd__uninstall)
            opts="-q -h --project --user --shared --mcp --mcp-only --dry-run --color --no-pager --quiet --help"
            [[ ${cur} == -* ]] || opts="claude codex cursor gemini claude-desktop"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__at)
            opts="-h --color --no-pager --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__claim)
            opts="-q -h --color --no-pager --quiet --for --force --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --for)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__diff)
            opts="-h --color --no-pager --archived --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__done)
            opts="-q -m -y -h --color --no-pager --quiet --message --purge --yes --force --allow-secret --json --merged --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --message)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -m)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__export)
            opts="-q -o -h --color --no-pager --quiet --format --output --force --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "pair team pm gstack" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__fetch)
            opts="-q -h --color --no-pager --quiet --json --ours --theirs --unshallow --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_remotes)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__generate__subcmd__docs)
            opts="-h --color --no-pager --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__handoff)
            opts="-q -m -h --color --no-pager --quiet --to --message --force --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --message)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -m)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__help)
            opts="-h --color --no-pager --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__import)
            opts="-q -h --color --no-pager --quiet --story --format --json --allow-secret --force --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --story)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "auto pair team pm gstack" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__install__subcmd__man)
            opts="-q -h --color --no-pager --quiet --dry-run --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__list)
            opts="-h --color --no-pager --all --archived --remote --json --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --remote)
                    COMPREPLY=($(compgen -W "$(__git_checkpoint_remotes)" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__log)
            opts="-n -h --color --no-pager --archived --completed --max-count --oneline --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-count)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -n)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__mcp)
            opts="-h --color --no-pager --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__pr__subcmd__body)
            opts="-h --color --no-pager --branch --remote --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --branch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --remote)
                    COMPREPLY=($(compgen -W "$(__git_checkpoint_remotes)" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__prompt)
            opts="-h --color --no-pager --max-chars --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-chars)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__push)
            opts="-q -n -h --color --no-pager --quiet --json --all --allow-secret --no-verify --dry-run --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_remotes)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__release)
            opts="-q -h --color --no-pager --quiet --force --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__resume)
            opts="-h --color --no-pager --rev --archived --strict --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --rev)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__save)
            opts="-q -m -F -h --color --no-pager --quiet --title --goal --source --strategy --done --todo --decision --next --stage --stopped-at --start-with --branch --done-when --met --context --question --template --message --journal --file --edit --print --json --allow-secret --expect --force --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --title)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --goal)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --source)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --strategy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --done)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --todo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --decision)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --next)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stage)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stopped-at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --start-with)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --branch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --done-when)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --met)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --question)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --template)
                    COMPREPLY=($(compgen -W "$(__git_checkpoint_templates)" -- "${cur}"))
                    return 0
                    ;;
                --message)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -m)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -F)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__setup)
            opts="-q -h --color --no-pager --quiet --json --undo --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_remotes)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__show)
            opts="-h --color --no-pager --format --json --rev --archived --raw --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "markdown json pr" -- "${cur}"))
                    return 0
                    ;;
                --rev)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__stack)
            opts="-q -h --color --no-pager --quiet --help"
            [[ ${cur} == -* ]] || opts="push pop list drop"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__stack__subcmd__drop)
            opts="-q -h --json --color --no-pager --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__stack__subcmd__list)
            opts="-q -h --json --color --no-pager --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__stack__subcmd__pop)
            opts="-q -h --switch --force --json --color --no-pager --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__stack__subcmd__push)
            opts="-q -h --reason --allow-secret --json --color --no-pager --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --reason)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__start)
            opts="-q -h --color --no-pager --quiet --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__status)
            opts="-h --color --no-pager --max-age --max-commits --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-commits)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__switch)
            opts="-q -m -h --color --no-pager --quiet --message --json --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_stories)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --message)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -m)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        git__checkpoint__subcmd__sync)
            opts="-q -n -h --color --no-pager --quiet --json --allow-secret --no-verify --ours --theirs --dry-run --help"
            [[ ${cur} == -* ]] || opts="$(__git_checkpoint_remotes)"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _git__checkpoint -o nosort -o bashdefault -o default git-checkpoint
else
    complete -F _git__checkpoint -o bashdefault -o default git-checkpoint
fi

# `git checkpoint <TAB>`: git's completion (git-completion.bash) calls _git_checkpoint with
# words/cword/cur set and __git_cmd_idx at "checkpoint". Re-run ours on the words after it.
_git_checkpoint() {
    local COMP_WORDS=(git-checkpoint "${words[@]:__git_cmd_idx+1}")
    local COMP_CWORD=$((cword - __git_cmd_idx))
    local prev_word=""
    [[ $COMP_CWORD -gt 0 ]] && prev_word="${COMP_WORDS[COMP_CWORD-1]}"
    _git__checkpoint git-checkpoint "$cur" "$prev_word"
    # git's completion runs with -o nospace: add the space a finished word needs.
    local i
    for i in "${!COMPREPLY[@]}"; do
        [[ ${COMPREPLY[i]} == *[/=] ]] || COMPREPLY[i]+=" "
    done
}
