"""Serve the built site on 127.0.0.1 (standard library only), gzipping text.

    python docs/serve.py [--port 8000] [DIRECTORY]

It binds to the loopback address only, and compresses HTML, CSS, JavaScript,
JSON and SVG when the browser accepts gzip, as any web host would: a rules
page is then about a seventh of its size on the wire. Each compressed file
carries a validator (ETag, Last-Modified), so a reload gets 304 for what has
not changed. A file is compressed once (at zlib's default level, as most web
servers do) and kept, until it changes: a cell's first start fetches some 60
scripts and the same settings file seven times, and compressing each again at
the highest level cost about a quarter of a CPU second per start.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import io
import sys
import threading
from collections import OrderedDict
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
DEFAULT_DIRECTORY = Path(__file__).resolve().parent / "_build" / "html"
COMPRESSIBLE = (".html", ".css", ".js", ".json", ".svg", ".txt", ".map", ".inv")
#: How many compressed bytes the server keeps (the JupyterLite apps' scripts
#: compress to about 10 MB).
CACHE_BYTES = 64 * 1024 * 1024


class _Compressed:
    """Gzipped bodies by (path, modification time, size), least recently used
    dropped first once they pass :data:`CACHE_BYTES`. The standard library's
    ``functools.lru_cache`` counts entries, not bytes, hence this."""

    def __init__(self, limit: int = CACHE_BYTES) -> None:
        self._bodies: OrderedDict[tuple[str, int, int], bytes] = OrderedDict()
        self._size = 0
        self._limit = limit
        self._lock = threading.Lock()

    def get(self, path: Path, mtime_ns: int, size: int) -> bytes:
        key = (str(path), mtime_ns, size)
        with self._lock:
            if key in self._bodies:
                self._bodies.move_to_end(key)
                return self._bodies[key]
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with self._lock:
            if key not in self._bodies:
                self._bodies[key] = body
                self._size += len(body)
            while self._size > self._limit and len(self._bodies) > 1:
                _, dropped = self._bodies.popitem(last=False)
                self._size -= len(dropped)
        return body


class Handler(SimpleHTTPRequestHandler):
    """Static files, gzipped where that helps; quiet unless asked."""

    verbose = False
    compressed = _Compressed()

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or path.suffix not in COMPRESSIBLE or not path.is_file():
            return super().send_head()
        # A validator, so that a reload revalidates (304, no body) instead of
        # downloading and compressing every file again: a browser also keeps its
        # compiled code for a script only while the script's cached copy stands.
        # Chromium revalidates with If-Modified-Since alone here: an exact match
        # with the date sent, as nginx's default `if_modified_since exact` does.
        stat = path.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        modified = self.date_time_string(int(stat.st_mtime))
        if (
            etag in self.headers.get("If-None-Match", "")
            or self.headers.get("If-Modified-Since") == modified
        ):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return None
        body = self.compressed.get(path, stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", modified)
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: Any) -> None:
        if self.verbose:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 0) -> ThreadingHTTPServer:
    """A server for ``directory`` on 127.0.0.1 (port 0: any free port)."""
    handler = functools.partial(Handler, directory=str(directory))
    return ThreadingHTTPServer((HOST, port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, default=DEFAULT_DIRECTORY)
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").is_file():
        print(f"serve: no built site in {args.directory} (build it: nox -s docs)", file=sys.stderr)
        return 2
    try:
        server = make_server(args.directory, args.port)
    except OSError as error:
        print(f"serve: cannot listen on {HOST}:{args.port}: {error.strerror}", file=sys.stderr)
        return 2
    print(f"The site is at http://{HOST}:{server.server_address[1]}/ (Ctrl-C stops it)")
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
