# shellcheck shell=bash
# Sourced by Scripts/install, Scripts/package and Scripts/benchmark: the release build users get.
#
#   release_build SOURCE SCRATCH PRODUCT...
#
# Builds in release mode with the Swift runtime and FoundationEssentials linked statically
# (--static-swift-stdlib): the process then starts without loading and relocating a dozen Swift
# shared libraries, which was a third of a cold start. No shipped target calls Foundation (only
# FoundationEssentials), so the link holds neither ICU nor CoreFoundation: .ci/run checks it with
# Scripts/check-one-file. `newsapp` does not link libcurl (it loads
# libcurl.so.4 at its first request), but newsapp-bench does, through FlyingFox's use of
# FoundationNetworking, and the linker needs the `libcurl.so` development link for that; on a
# machine with only the runtime library (libcurl.so.4) the link is made in SCRATCH/link.

release_build() {
    local source="$1" scratch="$2"
    shift 2
    local flags=(-c release --static-swift-stdlib --scratch-path "$scratch")
    if ! ldconfig -p 2>/dev/null | grep -q 'libcurl\.so '; then
        local runtime
        runtime="$(ldconfig -p 2>/dev/null | awk '/libcurl\.so\.4 / {print $NF; exit}')"
        if [[ -z "$runtime" ]]; then
            echo "release build: libcurl is not installed (Debian: apt install libcurl4)" >&2
            return 1
        fi
        mkdir -p "$scratch/link"
        ln -sf "$runtime" "$scratch/link/libcurl.so"
        flags+=(-Xlinker -L"$scratch/link")
    fi
    local product
    for product in "$@"; do
        (cd "$source" && swift build "${flags[@]}" --product "$product") >&2 || return 1
    done
    (cd "$source" && swift build "${flags[@]}" --show-bin-path)
}

# Installs a release build's newsapp as users get it:
#
#   install_release BIN DESTINATION SYMBOLS
#
# DESTINATION/newsapp is BIN/newsapp stripped of its symbols and debug information (see
# BENCHMARKS.md), which are kept apart in the file SYMBOLS for crash reports (the binary names it
# in its .gnu_debuglink, so `gdb -s SYMBOLS newsapp` and debuggers find them). It is one file:
# the sample edition is inside it. Without binutils' objcopy the binary is installed whole.
install_release() {
    local bin="$1" destination="$2" symbols="$3"
    mkdir -p "$destination" "$(dirname "$symbols")"
    if command -v objcopy >/dev/null 2>&1; then
        objcopy --only-keep-debug "$bin/newsapp" "$symbols"
        objcopy --strip-all --add-gnu-debuglink="$symbols" "$bin/newsapp" "$destination/newsapp.new"
        chmod 0755 "$destination/newsapp.new"
        mv -f "$destination/newsapp.new" "$destination/newsapp"
    else
        echo "install: objcopy (binutils) is missing, so newsapp is installed with its symbols" >&2
        install -m 0755 "$bin/newsapp" "$destination/newsapp"
    fi
    # Left by installs from before the sample edition was inside the binary.
    rm -rf "$destination/NewsApp_SampleEdition.resources"
}

# The manual pages, newsapp.1 and one per subcommand (named newsapp.feeds.1, as `man newsapp-feeds`
# expects), written by swift-argument-parser's generate-manual from the same help text as
# `newsapp --help`, into the folder OUTPUT (emptied first):
#
#   release_manuals BIN NEWSAPP OUTPUT
#
# BIN is release_build's folder, built with the product generate-manual beside newsapp. (Its
# plugin, `swift package generate-manual`, would build every product again without
# --static-swift-stdlib, compiling every module a second time.) SOURCE_DATE_EPOCH dates them.
release_manuals() {
    local bin="$1" newsapp="$2" output="$3"
    local date=()
    if [[ -n "${SOURCE_DATE_EPOCH:-}" ]]; then
        date=(--date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)")
    fi
    rm -rf "$output"
    mkdir -p "$output"
    "$bin/generate-manual" "$newsapp" --multi-page "${date[@]}" --output-directory "$output" >/dev/null || return 1
    # A blank line of the help text is a paragraph break, which mdoc spells .Pp: groff warns at
    # each empty input line (and lintian with it).
    sed -i 's/^$/.Pp/' "$output/"*.1
}

# The bash, zsh and fish completions (swift-argument-parser's), written by an installed newsapp
# into the files named, each replaced whole:
#
#   release_completions NEWSAPP BASH_FILE ZSH_FILE FISH_FILE
release_completions() {
    local newsapp="$1" shell file
    shift
    for shell in bash zsh fish; do
        file="$1"
        shift
        mkdir -p "$(dirname "$file")"
        # bash-completion sources its files rather than running them: no #! line (lintian).
        "$newsapp" --generate-completion-script "$shell" | sed '1{/^#!/d}' >"$file.new" || return 1
        chmod 0644 "$file.new"
        mv -f "$file.new" "$file"
    done
}
