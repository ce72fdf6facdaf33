"""Reading a chart's PNG in the tests (``pool --plot``, ``history --plot``): its header and its scanlines, every
chunk's CRC checked on the way; and its pixels, as matplotlib reads them."""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any


def png_pixels(data: bytes) -> tuple[tuple[int, int, int, int], bytes]:
    """(width, height, bit depth, colour type) of a PNG, and its decompressed scanlines; asserts the signature
    and every chunk's CRC."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    header = struct.unpack(">IIBB", data[16:26])
    at, pixels = 8, b""
    while at < len(data):  # walk the chunks, checking each CRC
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + size]
        assert struct.unpack(">I", data[at + 8 + size : at + 12 + size])[0] == zlib.crc32(kind + body)
        if kind == b"IDAT":
            pixels += body
        at += 12 + size
    return (header[0], header[1], header[2], header[3]), zlib.decompress(pixels)


def png_image(data: bytes) -> Any:
    """The pixels of a PNG as matplotlib reads them: an array of rows of (red, green, blue, alpha) from 0 to 1."""
    from matplotlib.image import imread

    return imread(io.BytesIO(data), format="png")
