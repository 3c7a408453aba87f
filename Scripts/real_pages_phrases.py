#!/usr/bin/env python3
"""The expected phrases of trafilatura's real-world tests, one file per page.

trafilatura's tests/realworld_tests.py loads each saved page of tests/cache and asserts that some
phrases are in the extracted text (the article) and others are not (navigation, cookie notices,
related links, comment forms). This reads those asserts from the file's syntax tree, without
running it, and writes beside each page NAME.html a NAME.phrases file in JSON:
{"url": …, "present": […], "absent": […]}.

    real_pages_phrases.py TESTS_FILE CACHE_FOLDER OUT_FOLDER
"""

import ast
import json
import os
import shutil
import sys


def phrases_of(tests_source):
    """{page file: (url, present, absent)} from the asserts that follow each load_mock_page."""
    tree = ast.parse(tests_source)
    pages = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            if any(isinstance(t, ast.Name) and t.id == "MOCK_PAGES" for t in node.targets):
                pages = {
                    k.value: v.value
                    for k, v in zip(node.value.keys, node.value.values)
                    if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)
                }
    found = {}
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef) or function.name != "test_extract":
            continue
        current = None
        for statement in walk_in_order(function.body):
            if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call):
                call = statement.value
                if getattr(call.func, "id", None) == "load_mock_page" and call.args:
                    url = call.args[0].value
                    current = found.setdefault(pages[url], (url, [], []))
            elif isinstance(statement, ast.Assert) and current is not None:
                for test in conjuncts(statement.test):
                    if (
                        isinstance(test, ast.Compare)
                        and isinstance(test.left, ast.Constant)
                        and isinstance(test.left.value, str)
                        and len(test.ops) == 1
                        and isinstance(test.comparators[0], ast.Name)
                        and test.comparators[0].id == "result"
                    ):
                        if isinstance(test.ops[0], ast.In):
                            current[1].append(test.left.value)
                        elif isinstance(test.ops[0], ast.NotIn):
                            current[2].append(test.left.value)
    return found


def walk_in_order(statements):
    """Statements in source order, the bodies of `if xmloutput is False:` included (we are text)."""
    for statement in statements:
        yield statement
        if isinstance(statement, ast.If):
            yield from walk_in_order(statement.body)


def conjuncts(test):
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        for value in test.values:
            yield from conjuncts(value)
    else:
        yield test


def main():
    tests_file, cache, out = sys.argv[1:4]
    with open(tests_file, encoding="utf-8") as handle:
        found = phrases_of(handle.read())
    os.makedirs(out, exist_ok=True)
    count = 0
    for page, (url, present, absent) in sorted(found.items()):
        source = os.path.join(cache, page)
        if not present or not os.path.exists(source):
            continue
        name = page[: -len(".html")]
        shutil.copyfile(source, os.path.join(out, name + ".html"))
        with open(os.path.join(out, name + ".phrases"), "w", encoding="utf-8") as handle:
            json.dump({"url": url, "present": present, "absent": absent}, handle, ensure_ascii=False, indent=1)
        count += 1
    print(count)


if __name__ == "__main__":
    main()
