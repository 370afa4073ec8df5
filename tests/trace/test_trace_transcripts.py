"""Every family's trace, pinned byte for byte: the text, the DOT picture and the lines of
JSON of `gamelib trace`, for searches that reach every path of the writers (Star2's probes
and resumes, cuts at chance positions, shallow pruning's cuts, a two-player view, passes of
the root, MCTS's simulations). The transcripts are long, so each is pinned by its SHA-256;
on a mismatch the test writes what it got beside the test's temporary folder, to diff."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.runner import run

CHANCE_TREE = (
    "a[?b[1/3: c[?d[1/2: e1, 1/2: f5], g2], 2/3: h[i2, ?j[1/4: k0, 3/4: l8]]], "
    "m[n4, ?o[1/2: p9, 1/2: q-3]], ?r[1/2: s[t1, u7], 1/2: v[w3, ?x[1/3: y6, 2/3: z0]]]]"
)

PINNED = {
    "chance-example --player star2:2": (
        "72fc0e30e664247438a3d39d312be0dd8bc717faa528a5d113c6ae18a967d8d6",
        "55639db910bce001612a70e9f38d3cc4349cd9ed9ef961a63774f3134a96a8c8",
        "60ed732e92667b184c6c104cfef9a4aa8f8f3741457225eaaf3003c9b519ae91",
    ),
    "chance-example --player star1:2": (
        "e7a5b8b134d516e0b163545c9812489100da0396cc7ee30155bb163e33c0f51d",
        "674c0978e05d6f4050e9352b5e5de9608010ce8e5e00a9cc606ba54de808f073",
        "de50cff41467d4ad05f05199746120236ed158f2dae3138d4c4491a376046475",
    ),
    "dice --player expectiminimax:2": (
        "d4bcc707e63a5af1c11113dda549c36d36746dd18a71c62339cfb6b5c9ae8a0b",
        "d1083294dd7dd44e37392801f318ec18f2b2d95c0af52b4c46237d1224636071",
        "44f3ca621d87c4ce2ffb17a1fdeb92ba42a2a33ddae39d3d4a682bb28b86a929",
    ),
    "CHANCE_TREE --player star2:2": (
        "7f097d86445a6bd10768683acde48662e92db385d79e15c9b06a0d9c223767e5",
        "ee8726518edfc57bf38ee42099072bc11dcddf4ea8f8130fcb40f5e1069e1a13",
        "6025268568383a88698431fe9d05b70047a2b2b7e31f3b0ac9642d1d363cd62c",
    ),
    "CHANCE_TREE --player star1:2": (
        "74c04192c1259e2a6fe9d1a4ac377c4efab5cb2909a3054d4fedb408da71c345",
        "f5b8e37be6ea44de4ae023e5f797a1b77f21ba4a851fe67323ab169f08d3ef8e",
        "d543ea60d9ed72045a1220c833a84a5cc0d5cd61d217e41004e3899e7f2535cb",
    ),
    "--game pig --target 5 --player star2:3": (
        "92d8e313690ba0e27ea82672a7f786635e3f8bb76392b81946dcaf72a689ca12",
        "981eac314155743c5723a4c8f90610f0e84ff7c2ad5793c20f7958ea6f853d1e",
        "00f75dc8ecacbdd49e56235e220b4512e04e443972d90e69e27a191c3b5c16e5",
    ),
    "--game pig --player star1:3": (
        "d9e60150c441f18fb5c216ee7bddd21014b3ef90768e55ce2e66d22a67c3412c",
        "317fcb57711940bfe0514be42e5ba6defdd83262b550dce481950b8be194c3a3",
        "9e8d2396c633f1efb3e3d6ba097dcd6f4afb4274d0a817a44ec4cea5cdde2b46",
    ),
    "--game pig --player mcts:40": (
        "6c2964674413b01515092cd5bc4de586fda129533c07d0631c690d359298c5fa",
        "381c0bb64e355be1385ec8cc567a6a36f9695ceba559d153081d58f2c0877425",
        "e219d198bb58391d3c22dab40a794dd7e80567d95870534fba0b72d9e279a846",
    ),
    "cse473-3p --player shallow-maxn:3": (
        "dc2c8b0a8a350fc26771a7830324520a8ad12d7993fd8bcdf27ec14fe8c493c1",
        "f93da740504d7742c6b3851e751ea0ab009484db4f03b58a59d65f66c5dff8b4",
        "7d50e3839a519bbb599c4c6bef560620c90931faf2abbf5ed6cbddf5e76edc50",
    ),
    "cse473-3p --player maxn:3": (
        "32de38ae39f0dd703fbcbec5cc09159cac2a68db4f1ed88d407e17a6b1aa0d4f",
        "22f2042f5e80002e65beecbe443d0216468ba77dbfad9cfaabdda07fb5d52ac6",
        "aa765037d260a64699f07602a1ee1a2e040087598a41da31300186d6dd1b5890",
    ),
    "cse473-3p --player mcts:30": (
        "86debefb6699f6de382035c7db01dc6891592bc456a4d7ee3f42594f7e5297da",
        "93af6624c8e24e982b735e4ba8cccc1bcce482dcc00897abad5c8780e471850c",
        "9a94f12aafb528e8914f09c00137f70cd6585f6b2713a26fb13191b7cc913764",
    ),
    "--game takeaway --players 4 --pile 7 --player shallow-maxn:4": (
        "c8a82cab5a24f5e38b3a9d131e18daa3c3a6a86e7222155c19eef8a81b227220",
        "4bf0c58c4c36806cecd52612290910a2a40dc34d936b34eeea09240454dc6780",
        "fe5b7f3def669ddf355467bbfa5f4ab248e6aa962c4bcb66b1ce8edd0d30f574",
    ),
    "--game takeaway --pile 6 --player paranoid:4": (
        "3c1fb60e05d3a13a73b308c32cbd2be9228359bb5bc54c01229e952b3ab611b8",
        "b411d29228fddb2472b4a1cc125a05d632c62ceb91dbef87ac11e9cebd05d43b",
        "1266b516cee0f9c5aff626bbe3f921319ba796fb91f2b4ec5ffc11aaea5115e6",
    ),
    "big --player mtdf:2": (
        "dacfea65d4e0342fb1e04c23192cca296893d338f12652e01f17d7640b2b1988",
        "048b8069e7186cf7d61800c3ff79409b69e69edf96e9af53ea7cc96fc1a949e8",
        "2e495fc2c114d4a281cd6fa91130ea1c5a4c8e845285b14db5eddf5637fff127",
    ),
    "small --player jamboree:2": (
        "496b0b92f8026ce6133fc6d1c1d486e0895576a563f00f5108208a9612ae6003",
        "aeebee911a988b86b51b1ec9d6cf6c70d8da8127366f89b8fdd943e842541c10",
        "f21b27836ae82aa28a500f1f3c3765bdc0a2e6dfe99e3164759c70d8eca1c502",
    ),
    "--game tictactoe --player mcts:30": (
        "ae9f2963bc081f024233ecd1cae45f51cacec76b1f0decdf361bcb79c864e35b",
        "de3454ae7bf44beac70c3d7817b30b044c36bc6bf440435a424d995dc2abbc30",
        "c7b819ee2a09490f52426252059bd158510b7650cbbcd15b5ee3fe19ab4b4bc0",
    ),
}
"""A trace's arguments: the SHA-256 of its text, its DOT picture and its lines of JSON."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("case", list(PINNED))
def test_a_trace_is_written_as_pinned(case: str, tmp_path: Path) -> None:
    argv = [CHANCE_TREE if word == "CHANCE_TREE" else word for word in case.split()]
    dot = tmp_path / "t.dot"
    status, text, err = run("trace", *argv, "--dot", str(dot))
    assert (status, err) == (0, "")
    json_status, lines, json_err = run("trace", *argv, "--json")
    assert (json_status, json_err) == (0, "")
    got = (text.replace(str(dot), "T.dot"), dot.read_text(encoding="utf-8"), lines)
    if tuple(_digest(each) for each in got) != PINNED[case]:
        for suffix, each in zip(("txt", "dot", "jsonl"), got, strict=True):
            (tmp_path / f"got.{suffix}").write_text(each, encoding="utf-8")
    assert tuple(_digest(each) for each in got) == PINNED[case], f"see {tmp_path}/got.*"
