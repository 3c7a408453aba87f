# Sourced by Scripts/install and Scripts/benchmark: the release build users get.
#
#   release_build SOURCE SCRATCH PRODUCT...
#
# Builds in release mode with the Swift runtime and Foundation linked statically
# (--static-swift-stdlib): the process then starts without loading and relocating a dozen Swift
# shared libraries, which was a third of a cold start. libcurl is not linked: Networking loads
# libcurl.so.4 at the first request (see README, Architecture), so nothing more is needed to link.

release_build() {
    local source="$1" scratch="$2"
    shift 2
    local flags=(-c release --static-swift-stdlib --scratch-path "$scratch")
    local product
    for product in "$@"; do
        (cd "$source" && swift build "${flags[@]}" --product "$product") >&2 || return 1
    done
    (cd "$source" && swift build "${flags[@]}" --show-bin-path)
}
