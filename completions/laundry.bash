#!/bin/bash

__laundry_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__laundry_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__laundry_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__laundry_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_laundry() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(--version -h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __laundry_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    adopt|list|status|wash|dry|more-dry|fold|cancel|pause|resume|extend|finish|set|release|history|loads|stats|plan|watch|snooze|nudge|household|daemon|notify-test|doctor|help)
        # Offer subcommand argument completions
        "_laundry_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'adopt list status wash dry more-dry fold cancel pause resume extend finish set release history loads stats plan watch snooze nudge household daemon notify-test doctor help' -- "${cur}"))
        ;;
    esac
}

_laundry_adopt() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--kind --wash --dry --every --last-washed)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--kind')
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion adopt -- --kind "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    '--wash')
        return
        ;;
    '--dry')
        return
        ;;
    '--every')
        return
        ;;
    '--last-washed')
        return
        ;;
    esac
}

_laundry_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_status() {
    repeating_flags=()
    non_repeating_flags=(--follow --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--format --template)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--format')
        __laundry_add_completions -W 'waybar'$'\n''i3blocks'$'\n''polybar'$'\n''tmux'$'\n''plain'$'\n''json'
        return
        ;;
    '--template')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion status -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_wash() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--for --programme)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--for')
        return
        ;;
    '--programme')
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion wash -- --programme "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion wash -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_dry() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--for --programme)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--for')
        return
        ;;
    '--programme')
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion dry -- --programme "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion dry -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_more-dry() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--for)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--for')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion more-dry -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_fold() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion fold -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_cancel() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion cancel -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_pause() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion pause -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_resume() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion resume -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_extend() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=(--by)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--by')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion extend -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_finish() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion finish -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_set() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=(--programme --remove-programme)
    non_repeating_options=(--name --kind --wash --dry --every --last-washed --learn)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    '--kind')
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion set -- --kind "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    '--wash')
        return
        ;;
    '--dry')
        return
        ;;
    '--every')
        return
        ;;
    '--last-washed')
        return
        ;;
    '--learn')
        __laundry_add_completions -W 'on'$'\n''off'
        return
        ;;
    '--programme')
        return
        ;;
    '--remove-programme')
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion set -- --remove-programme "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion set -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_release() {
    repeating_flags=()
    non_repeating_flags=(-y --yes --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion release -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_history() {
    repeating_flags=()
    non_repeating_flags=(--json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--limit)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--limit')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion history -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_loads() {
    repeating_flags=()
    non_repeating_flags=(--last --json --csv --version -h --help)
    repeating_options=()
    non_repeating_options=(--limit)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--limit')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion loads -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_stats() {
    repeating_flags=()
    non_repeating_flags=(--people --json --version -h --help)
    repeating_options=()
    non_repeating_options=(--weeks)
    __laundry_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--weeks')
        return
        ;;
    esac
}

_laundry_plan() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=(--finish-by --max-wait)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--finish-by')
        return
        ;;
    '--max-wait')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion plan -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_watch() {
    repeating_flags=()
    non_repeating_flags=(--exit-when-done --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_snooze() {
    repeating_flags=()
    non_repeating_flags=(--off --version -h --help)
    repeating_options=()
    non_repeating_options=(--for)
    __laundry_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--for')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion snooze -- positional@0 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_nudge() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 2

    # Offer positional completions
    case "${positional_number}" in
    2)
        __laundry_add_completions -W "$(__laundry_custom_complete ---completion nudge -- positional@1 "${COMP_CWORD}" "$(__laundry_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_laundry_household() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    show|turns)
        # Offer subcommand argument completions
        "_laundry_household_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'show turns' -- "${cur}"))
        ;;
    esac
}

_laundry_household_show() {
    repeating_flags=()
    non_repeating_flags=(--json --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_household_turns() {
    repeating_flags=()
    non_repeating_flags=(--clear --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options -1
}

_laundry_daemon() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    run|start|stop|status|install)
        # Offer subcommand argument completions
        "_laundry_daemon_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'run start stop status install' -- "${cur}"))
        ;;
    esac
}

_laundry_daemon_run() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_daemon_start() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_daemon_stop() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_daemon_status() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_daemon_install() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_notify-test() {
    repeating_flags=()
    non_repeating_flags=(--sound --version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_doctor() {
    repeating_flags=()
    non_repeating_flags=(--version -h --help)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options 0
}

_laundry_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __laundry_offer_flags_options -1
}

complete -o filenames -F _laundry laundry
