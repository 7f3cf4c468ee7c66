function __laundry_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __laundry_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __laundry_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __laundry_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __laundry_parse_tokens -S
    set -l unparsed_tokens (__laundry_tokens -pc)
    switch $unparsed_tokens[1]
    case 'laundry'
        __laundry_parse_subcommand 0 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'adopt'
            __laundry_parse_subcommand 1 'kind=' 'wash=' 'dry=' 'every=' 'last-washed=' 'version' 'h/help'
        case 'list'
            __laundry_parse_subcommand 0 'json' 'version' 'h/help'
        case 'status'
            __laundry_parse_subcommand 1 'format=' 'template=' 'follow' 'json' 'version' 'h/help'
        case 'wash'
            __laundry_parse_subcommand 1 'for=' 'programme=' 'version' 'h/help'
        case 'dry'
            __laundry_parse_subcommand 1 'for=' 'programme=' 'version' 'h/help'
        case 'more-dry'
            __laundry_parse_subcommand 1 'for=' 'version' 'h/help'
        case 'fold'
            __laundry_parse_subcommand 1 'version' 'h/help'
        case 'cancel'
            __laundry_parse_subcommand 1 'version' 'h/help'
        case 'pause'
            __laundry_parse_subcommand 1 'version' 'h/help'
        case 'resume'
            __laundry_parse_subcommand 1 'version' 'h/help'
        case 'extend'
            __laundry_parse_subcommand 1 'by=' 'version' 'h/help'
        case 'finish'
            __laundry_parse_subcommand 1 'version' 'h/help'
        case 'set'
            __laundry_parse_subcommand 1 'name=' 'kind=' 'wash=' 'dry=' 'every=' 'last-washed=' 'learn=' 'programme=+' 'remove-programme=+' 'version' 'h/help'
        case 'release'
            __laundry_parse_subcommand 1 'y/yes' 'version' 'h/help'
        case 'history'
            __laundry_parse_subcommand 1 'limit=' 'json' 'csv' 'version' 'h/help'
        case 'loads'
            __laundry_parse_subcommand 1 'limit=' 'last' 'json' 'csv' 'version' 'h/help'
        case 'stats'
            __laundry_parse_subcommand 0 'weeks=' 'people' 'json' 'version' 'h/help'
        case 'plan'
            __laundry_parse_subcommand 1 'finish-by=' 'max-wait=' 'json' 'version' 'h/help'
        case 'watch'
            __laundry_parse_subcommand 0 'exit-when-done' 'version' 'h/help'
        case 'snooze'
            __laundry_parse_subcommand 1 'for=' 'off' 'version' 'h/help'
        case 'nudge'
            __laundry_parse_subcommand 2 'version' 'h/help'
        case 'household'
            __laundry_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'show'
                __laundry_parse_subcommand 0 'json' 'version' 'h/help'
            case 'turns'
                __laundry_parse_subcommand -r 1 'clear' 'version' 'h/help'
            end
        case 'daemon'
            __laundry_parse_subcommand 0 'version' 'h/help'
            switch $unparsed_tokens[1]
            case 'run'
                __laundry_parse_subcommand 0 'version' 'h/help'
            case 'start'
                __laundry_parse_subcommand 0 'version' 'h/help'
            case 'stop'
                __laundry_parse_subcommand 0 'version' 'h/help'
            case 'status'
                __laundry_parse_subcommand 0 'version' 'h/help'
            case 'install'
                __laundry_parse_subcommand 0 'version' 'h/help'
            end
        case 'notify-test'
            __laundry_parse_subcommand 0 'sound' 'version' 'h/help'
        case 'doctor'
            __laundry_parse_subcommand 0 'version' 'h/help'
        case 'help'
            __laundry_parse_subcommand -r 1 'version'
        end
    end
end

function __laundry_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __laundry_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __laundry_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __laundry_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__laundry_tokens -p)
    if test -z "$(__laundry_tokens -t)"
        set -l index (count (__laundry_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'laundry' -f
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'adopt' -d 'Adopt a new pet: one laundry load with its own timers and health.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'list' -d 'List every pet: mood, health, stage, time left and when laundry is next due.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'status' -d 'Show every pet, or everything about one pet; or a line for a status bar.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'wash' -d 'Start a pet\'s wash timer.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'dry' -d 'Start a pet\'s dryer timer once its wash is done.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'more-dry' -d 'Dry a dried pet a little longer (10 minutes unless --for is given).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'fold' -d 'Finish a pet\'s cycle: fold it after drying (or air-drying after the wash).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'cancel' -d 'Stop a pet\'s running timer and go back to the stage before it.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'pause' -d 'Pause a pet\'s running timer; the time left is kept until you resume.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'resume' -d 'Resume a paused timer with the time it had left.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'extend' -d 'Move a running wash or dryer\'s end later (10 minutes unless --by is given), or earlier.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'finish' -d 'End a running wash or dryer now, as if its timer had run out (the machine finished early).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'set' -d 'Rename a pet or change its settings; only the options given change.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'release' -d 'Release a pet: it leaves every machine\'s list, its timer stops, its name is free.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'history' -d 'Show what happened to one pet, or to all of them, newest first.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'loads' -d 'Show each load as a whole, newest first: wash, how long it waited wet, dryer, fold.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'stats' -d 'Totals, streaks, and a calendar of folded loads per day.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'plan' -d 'Say when to start the washer and the dryer so a load is done by a time, at the lowest cost.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'watch' -d 'Watch every running timer count down, redrawn each second, until Ctrl-C.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'snooze' -d 'Hold back a pet\'s reminders and health warnings for a while (10 minutes unless --for is given).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'nudge' -d 'Pop up (and ring once) on one person\'s machines about a pet: at most once an hour a load.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'household' -d 'The household\'s people, its rotation, and whose turn the next load is.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'daemon' -d 'The notification service: desktop notifications when a load is done, reminders and health warnings.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'notify-test' -d 'Post a test notification and report the notification server\'s name, version and capabilities; run the hook from config.json, if there is one.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'doctor' -d 'Check laundry\'s set-up and explain each problem found: data, files, daemon, notifications, clock.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry adopt" kind' -l 'kind' -d 'The kind of laundry, by its id or its name in your language (clothes unless given): its emoji, and the wash, dry and cycle it starts with.' -rfka '(__laundry_custom_completion ---completion adopt -- --kind (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry adopt" wash' -l 'wash' -d 'How long a wash takes: 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry adopt" dry' -l 'dry' -d 'How long drying takes, in the same forms as --wash.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry adopt" every' -l 'every' -d 'How often it wants washing, in days between 0.01 and 365 (health falls to 0 over this time).' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry adopt" last-washed' -l 'last-washed' -d 'When it was last washed: 2026-11-20, 2026-11-20T18:30 (local, or with a zone: 18:30Z, 18:30+01:00), today, yesterday, \'3 days ago\' (this time of day, on the date 3 days before today\'s on the calendar, whatever daylight saving did meanwhile).' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry adopt" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry adopt" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry list" json' -l 'json' -d 'Print JSON for scripts instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry list" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry status" -eq 1' -fka '(__laundry_custom_completion ---completion status -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry status" format' -l 'format' -d 'A line for a status bar: waybar, i3blocks, polybar, tmux, plain or json.' -rfka 'waybar i3blocks polybar tmux plain json'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry status" template' -l 'template' -d 'The bar\'s text, with fields in braces: \'{icon} {name} {left}\'. The fields are listed above.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry status" follow' -l 'follow' -d 'Keep running and print a new line whenever the output changes: at once when a pet changes, each second while a countdown shows, else each minute. Ends when its reader does.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry status" json' -l 'json' -d 'Print JSON for scripts instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry status" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry wash" -eq 1' -fka '(__laundry_custom_completion ---completion wash -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry wash" for' -l 'for' -d 'How long this wash takes, this time only (else the learned or the pet\'s wash time): 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry wash" programme' -l 'programme' -d 'A named programme (set with laundry set --programme): its learned length, else its typed one; --for still wins.' -rfka '(__laundry_custom_completion ---completion wash -- --programme (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry wash" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry wash" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry dry" -eq 1' -fka '(__laundry_custom_completion ---completion dry -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry dry" for' -l 'for' -d 'How long this drying takes, this time only (else the learned or the pet\'s dry time): 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry dry" programme' -l 'programme' -d 'A named programme (set with laundry set --programme): its learned length, else its typed one; --for still wins.' -rfka '(__laundry_custom_completion ---completion dry -- --programme (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry dry" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry dry" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry more-dry" -eq 1' -fka '(__laundry_custom_completion ---completion more-dry -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry more-dry" for' -l 'for' -d 'How much longer to dry (else 10 minutes): 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry more-dry" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry more-dry" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry fold" -eq 1' -fka '(__laundry_custom_completion ---completion fold -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry fold" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry fold" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry cancel" -eq 1' -fka '(__laundry_custom_completion ---completion cancel -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry cancel" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry cancel" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry pause" -eq 1' -fka '(__laundry_custom_completion ---completion pause -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry pause" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry pause" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry resume" -eq 1' -fka '(__laundry_custom_completion ---completion resume -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry resume" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry resume" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry extend" -eq 1' -fka '(__laundry_custom_completion ---completion extend -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry extend" by' -l 'by' -d 'How much later: 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours; with a minus sign, earlier (--by=-5m).' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry extend" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry extend" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry finish" -eq 1' -fka '(__laundry_custom_completion ---completion finish -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry finish" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry finish" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry set" -eq 1' -fka '(__laundry_custom_completion ---completion set -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" name' -l 'name' -d 'A new name, 1 to 30 characters.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" kind' -l 'kind' -d 'A new kind of laundry, by its id or its name in your language: changes its emoji; its wash, dry and cycle stay as they are.' -rfka '(__laundry_custom_completion ---completion set -- --kind (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" wash' -l 'wash' -d 'How long a wash takes: 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" dry' -l 'dry' -d 'How long drying takes, in the same forms as --wash.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" every' -l 'every' -d 'How often it wants washing, in days between 0.01 and 365 (health falls to 0 over this time).' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" last-washed' -l 'last-washed' -d 'When it was last washed: 2026-11-20, 2026-11-20T18:30 (local, or with a zone: 18:30Z, 18:30+01:00), today, yesterday, \'3 days ago\' (this time of day, on the date 3 days before today\'s on the calendar, whatever daylight saving did meanwhile).' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" learn' -l 'learn' -d 'on: a wash or dryer started without a length takes the one learned from its last loads; off: the one set with --wash or --dry.' -rfka 'on off'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set"' -l 'programme' -d 'A named programme and its length (eco=2h15m), for wash or dry --programme; repeat it for more.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set"' -l 'remove-programme' -d 'A named programme to remove; repeat it for more.' -rfka '(__laundry_custom_completion ---completion set -- --remove-programme (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry set" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry release" -eq 1' -fka '(__laundry_custom_completion ---completion release -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry release" y yes' -s 'y' -l 'yes' -d 'Do not ask for confirmation.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry release" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry release" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry history" -eq 1' -fka '(__laundry_custom_completion ---completion history -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry history" limit' -l 'limit' -d 'Show at most this many (at least 1).' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry history" json' -l 'json' -d 'Print JSON for scripts instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry history" csv' -l 'csv' -d 'Print CSV (RFC 4180, with a header line) for a spreadsheet instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry history" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry history" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry loads" -eq 1' -fka '(__laundry_custom_completion ---completion loads -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry loads" limit' -l 'limit' -d 'Show at most this many (at least 1).' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry loads" last' -l 'last' -d 'Show the pet\'s newest load step by step.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry loads" json' -l 'json' -d 'Print JSON for scripts instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry loads" csv' -l 'csv' -d 'Print CSV (RFC 4180, with a header line) for a spreadsheet instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry loads" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry loads" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry stats" weeks' -l 'weeks' -d 'How many weeks the calendar shows, between 1 and 104.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry stats" people' -l 'people' -d 'Per person instead: loads started, wet moves, folds, the wet wait of their loads, their share.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry stats" json' -l 'json' -d 'Print JSON for scripts instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry stats" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry stats" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry plan" -eq 1' -fka '(__laundry_custom_completion ---completion plan -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry plan" finish-by' -l 'finish-by' -d 'Done by this time of day (the next time the clock reads it), as 07:00.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry plan" max-wait' -l 'max-wait' -d 'The longest the wet laundry may wait between the washer and the dryer (default 30m): 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry plan" json' -l 'json' -d 'Print JSON for scripts instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry plan" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry plan" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry watch" exit-when-done' -l 'exit-when-done' -d 'Stop once no timer is running (for scripts and demos).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry watch" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry watch" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry snooze" -eq 1' -fka '(__laundry_custom_completion ---completion snooze -- positional@0 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry snooze" for' -l 'for' -d 'How long to hold back its reminders and warnings (else 10 minutes): 45m, 1h30m, 90s, 1:30:00 or 1:30 (hours first: an hour and a half); a bare number is minutes; 1 second to 24 hours.' -rfka ''
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry snooze" off' -l 'off' -d 'End the pet\'s snooze now: its reminders and warnings come again (refused when none holds).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry snooze" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry snooze" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry nudge" -eq 1' -fka '(__laundry_custom_completion ---completion nudge -- positional@1 (count (__laundry_tokens -pc)) (__laundry_tokens -tC))'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry nudge" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry nudge" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry household" -eq 1' -fa 'show' -d 'The people, the rotation and whose turn is next.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry household" -eq 1' -fa 'turns' -d 'Set the household\'s rotation, in the order turns come (or --clear it).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household show" json' -l 'json' -d 'Print JSON for scripts instead of a table.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household show" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household turns" clear' -l 'clear' -d 'Remove the rotation.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household turns" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry household turns" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry daemon" -eq 1' -fa 'run' -d 'Run the service (laundryd) in the foreground, logging to stderr.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry daemon" -eq 1' -fa 'start' -d 'Start the service in the background; it logs to $XDG_STATE_HOME/laundry/daemon.log.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry daemon" -eq 1' -fa 'stop' -d 'Stop the background service.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry daemon" -eq 1' -fa 'status' -d 'Show whether the service runs: pid, uptime, timers armed, next deadline, notification server.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_positional "laundry daemon" -eq 1' -fa 'install' -d 'Write a systemd user unit that runs the service, and say how to enable it.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon run" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon run" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon start" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon start" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon stop" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon stop" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon status" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon status" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon install" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry daemon install" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry notify-test" sound' -l 'sound' -d 'Also play the alarm sound once (the sound theme\'s \'complete\', through GSound).'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry notify-test" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry notify-test" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry doctor" version' -l 'version' -d 'Show the version.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry doctor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'laundry' -n '__laundry_should_offer_completions_for_flags_or_options "laundry help" version' -l 'version' -d 'Show the version.'
