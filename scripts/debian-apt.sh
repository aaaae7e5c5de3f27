# scripts/debian-apt.sh: sourced by the scripts that fetch Debian packages into
# build/ without installing them (get-linux, get-qemu10, get-qemu-plugin-header).
# Nothing here touches the system's apt state: each caller keeps its own sources
# file, package lists and cache under its build folder.
#
#   debian_mirror             sets codename, mirror_uri and mirror_keyring: the URI and
#                             keyring of the system's own Debian source for the
#                             release's main suite (/etc/apt/sources.list.d/
#                             debian.sources, deb822, or /etc/apt/sources.list);
#                             returns 1 when there is none, mirror_why saying why
#   private_apt DIR TYPES SUITES
#                             writes DIR/private.sources (TYPES: deb or deb-src;
#                             SUITES: e.g. "bookworm bookworm-backports", main
#                             only, on that mirror and keyring) and sets the array
#                             apt_opts that makes apt-get and apt-cache use it alone,
#                             with lists and cache under DIR
#   private_apt_update WHO    apt-get update with apt_opts; on failure says what
#                             apt-get said, as "WHO: ...", and returns 1

debian_mirror() {
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	mirror_why="cannot tell the Debian release (/etc/os-release)"
	[[ -n $codename ]] || return 1
	mirror_uri= mirror_keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
		mirror_uri=$(awk -v s="$codename" 'BEGIN { RS = ""; FS = "\n" }
			$0 ~ "Suites:.*(^|[ \t])" s "([ \t]|$)" {
				for (i = 1; i <= NF; i++) if ($i ~ /^URIs:/) { sub(/^URIs:[ \t]*/, "", $i); split($i, u, " "); print u[1]; exit }
			}' /etc/apt/sources.list.d/debian.sources)
	fi
	if [[ -z $mirror_uri && -f /etc/apt/sources.list ]]; then
		mirror_uri=$(awk -v s="$codename" '$1 == "deb" && $3 == s { print $2; exit }' /etc/apt/sources.list)
	fi
	mirror_why="no Debian source for $codename in the system's apt configuration"
	[[ -n $mirror_uri ]]
}

private_apt() {
	local dir=$1 types=$2 suites=$3
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
	cat >"$dir/private.sources" <<SRC
Types: $types
URIs: $mirror_uri
Suites: $suites
Components: main
Signed-By: $mirror_keyring
SRC
	apt_opts=(-o "Dir::Etc::sourcelist=$dir/private.sources" -o Dir::Etc::sourceparts=/nonexistent
		  -o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache"
		  -o Dir::State::status=/var/lib/dpkg/status)
	[[ $(id -u) -ne 0 ]] || apt_opts+=(-o APT::Sandbox::User=root)
}

private_apt_update() {
	local out
	if ! out=$(apt-get "${apt_opts[@]}" update 2>&1); then
		echo "$1: the Debian mirror ($mirror_uri) is unreachable: apt-get update said:"
		echo "$out" | tail -5
		return 1
	fi
}
