"""Prose against code per package: ``python -m scripts.prose [--long N] [--over] [--big]``."""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOP = ("rules", "games", "maosite", "scripts", "tests")
SKIP = {".venv", "migrations", "__pycache__", "node_modules"}


@dataclass
class Tally:
    code: int = 0
    prose: int = 0
    ge10: int = 0
    ge20: int = 0
    over_body: int = 0
    big_modules: list[str] = field(default_factory=list)
    long_docs: list[tuple[int, str]] = field(default_factory=list)
    over: list[str] = field(default_factory=list)


def package_of(path: Path) -> str:
    parts = path.relative_to(ROOT).parts
    if parts[0] == "games" and len(parts) > 2:
        return f"games/{parts[1]}"
    return parts[0]


def docstrings(tree: ast.Module) -> list[tuple[ast.AST, ast.Constant]]:
    found: list[tuple[ast.AST, ast.Constant]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                found.append((node, body[0].value))
    return found


def measure(path: Path, tally: Tally) -> None:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    prose_lines: set[int] = set()
    lines = source.splitlines()
    rel = str(path.relative_to(ROOT))
    for node, doc in docstrings(tree):
        end = doc.end_lineno or doc.lineno
        span = end - doc.lineno + 1
        prose_lines.update(range(doc.lineno, end + 1))
        if span >= 10:
            tally.ge10 += 1
            tally.long_docs.append((span, f"{rel}:{doc.lineno}"))
        if span >= 20:
            tally.ge20 += 1
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and len(node.body) > 1:
            body_lines = (node.end_lineno or end) - end
            if span > body_lines and ">>>" not in str(doc.value):
                tally.over_body += 1
                tally.over.append(f"{rel}:{doc.lineno} ({span} > {body_lines})")
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            prose_lines.add(tok.start[0])
    blank = sum(1 for line in lines if not line.strip())
    tally.prose += len(prose_lines)
    tally.code += len(lines) - blank - len(prose_lines)
    if len(lines) > 500:
        tally.big_modules.append(f"{rel} ({len(lines)})")


def main(argv: list[str]) -> int:
    tallies: dict[str, Tally] = {}
    for top in TOP:
        for path in sorted((ROOT / top).rglob("*.py")):
            if SKIP & set(path.relative_to(ROOT).parts):
                continue
            measure(path, tallies.setdefault(package_of(path), Tally()))
    total = Tally()
    print(f"{'package':<18}{'code':>7}{'prose':>7}{'code/prose':>11}{'>=10':>6}{'>=20':>6}{'>body':>7}{'>500':>6}")
    for name in sorted(tallies):
        t = tallies[name]
        ratio = t.code / t.prose if t.prose else float("inf")
        print(
            f"{name:<18}{t.code:>7}{t.prose:>7}{ratio:>11.1f}{t.ge10:>6}{t.ge20:>6}"
            f"{t.over_body:>7}{len(t.big_modules):>6}"
        )
        total.code += t.code
        total.prose += t.prose
        total.ge10 += t.ge10
        total.ge20 += t.ge20
        total.over_body += t.over_body
        total.big_modules += t.big_modules
        total.long_docs += t.long_docs
        total.over += t.over
    ratio = total.code / total.prose if total.prose else float("inf")
    print(
        f"{'total':<18}{total.code:>7}{total.prose:>7}{ratio:>11.1f}{total.ge10:>6}{total.ge20:>6}"
        f"{total.over_body:>7}{len(total.big_modules):>6}"
    )
    if "--long" in argv:
        limit = int(argv[argv.index("--long") + 1])
        for span, where in sorted(total.long_docs, reverse=True):
            if span >= limit:
                print(f"{span:>4}  {where}")
    if "--over" in argv:
        print("\n".join(total.over))
    if "--big" in argv:
        print("\n".join(total.big_modules))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
