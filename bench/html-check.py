#!/usr/bin/env python3
"""Headless-Chromium check of pwaudit's HTML reports, shared by bench/report-screenshot.sh and any report's check.

Usage: bench/html-check.py [--widths 1280,400] [--out DIR] [--pdf] PAGE.html...

For each page and width (CSS pixels) it loads a copy of the page with a small measuring script added (the
report's own Content-Security-Policy forbids scripts, so the copy drops that meta tag) and reads back, with
`chromium --dump-dom`:
  - the viewport's innerWidth and the document's scrollWidth: scrollWidth must not exceed innerWidth (the page
    must not scroll sideways; a table or chart may scroll inside its own box);
  - every SVG <text>: its box must lie inside its <svg>'s viewBox (no clipped label) and its rendered font size
    (computed size times the SVG's scale) must be at least 10 px.
Headless Chromium lays out no window narrower than 500 px, so the page is shown in an <iframe> exactly WIDTH px
wide. It then screenshots the unmodified page at that width and its full height to DIR/NAME-WIDTH.png (DIR
defaults to $TMPDIR/pwaudit-html-check, else /tmp/...). With --pdf it also prints each page to DIR/NAME.pdf, as a
browser prints it (print CSS), for the caller to read with pdftotext.

Exit status 0 when every check holds, 1 when one fails (each failure is printed), 69 without chromium.
Needs Debian's chromium (apt-get install -y chromium); runs it with --no-sandbox (root in CI containers).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MEASURE = r"""
<script>
(() => {
  const root = document.documentElement;
  const result = { innerWidth: window.innerWidth, scrollWidth: root.scrollWidth,
                   scrollHeight: root.scrollHeight, clipped: [], small: [], texts: 0 };
  for (const details of document.querySelectorAll('details')) result.details = (result.details || 0) + 1;
  for (const svg of document.querySelectorAll('svg')) {
    const box = svg.getBoundingClientRect();
    const vb = svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.viewBox.baseVal
             : { x: 0, y: 0, width: box.width, height: box.height };
    const scale = box.width / vb.width;
    for (const text of svg.querySelectorAll('text')) {
      if (!text.getClientRects().length) continue;  // inside a closed <details>: not drawn
      result.texts += 1;
      const b = text.getBBox();
      const slack = 0.5;
      const what = (svg.id || 'svg') + ': "' + text.textContent.slice(0, 60) + '"';
      if (b.x < vb.x - slack || b.y < vb.y - slack || b.x + b.width > vb.x + vb.width + slack
          || b.y + b.height > vb.y + vb.height + slack) {
        result.clipped.push(what + ' at ' + [b.x, b.y, b.width, b.height].map(Math.round).join(',')
                            + ' outside viewBox ' + [vb.x, vb.y, vb.width, vb.height].join(','));
      }
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (size < 10 - 0.01) result.small.push(what + ' drawn at ' + size.toFixed(1) + ' px');
    }
  }
  parent.postMessage(JSON.stringify(result), '*');
})();
</script>
"""


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(binary, width, height, *arguments):
    command = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
               "--no-first-run", "--disable-extensions", "--force-device-scale-factor=1",
               f"--window-size={width},{height}", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


# Headless Chromium lays a window out at least 500 px wide (a narrower --window-size is cropped, not laid out), so
# the page is shown in an <iframe> of exactly the width asked for, inside a wrapper page.
WRAPPER = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">
<iframe src="{src}" style="border:0;display:block;width:{width}px;height:{height}px"></iframe>
<script>
addEventListener('message', event => {{
  const out = document.createElement('pre');
  out.id = 'pwaudit-html-check';
  out.textContent = event.data;
  document.body.appendChild(out);
}});
</script></body></html>
"""


def wrapped(page, width, height, scratch, tag):
    path = os.path.join(scratch, f"{tag}-{width}-{os.path.basename(page)}")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(WRAPPER.format(src="file://" + os.path.abspath(page), width=width, height=height))
    return "file://" + path


def measure(binary, page, width, scratch):
    html = open(page, encoding="utf-8").read()
    html = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", html)
    html = html.replace("</body>", MEASURE + "</body>") if "</body>" in html else html + MEASURE
    copy = os.path.join(scratch, f"measure-{width}-{os.path.basename(page)}")
    with open(copy, "w", encoding="utf-8") as handle:
        handle.write(html)
    wrapper = wrapped(copy, width, 900, scratch, "wrapper")
    done = chromium(binary, max(width, 500), 900, "--allow-file-access-from-files", "--virtual-time-budget=5000",
                    "--dump-dom", wrapper)
    found = re.search(r'<pre id="pwaudit-html-check">(.*?)</pre>', done.stdout, re.S)
    if not found:
        raise RuntimeError(f"{page} at {width} px: no measurement (chromium said: {done.stderr.strip()[-400:]})")
    text = found.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")
    return json.loads(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--widths", default="1280,400")
    parser.add_argument("--out", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "pwaudit-html-check"))
    parser.add_argument("--pdf", action="store_true", help="also print each page to OUT/NAME.pdf")
    options = parser.parse_args()
    binary = browser()
    if not binary:
        print("needs chromium: apt-get install -y chromium", file=sys.stderr)
        return 69
    os.makedirs(options.out, exist_ok=True)
    failures = 0
    with tempfile.TemporaryDirectory(prefix="pwaudit-html-check-") as scratch:
        for page in options.pages:
            name = os.path.splitext(os.path.basename(page))[0]
            for width in [int(w) for w in options.widths.split(",")]:
                result = measure(binary, page, width, scratch)
                problems = []
                if result["scrollWidth"] > result["innerWidth"]:
                    problems.append(f"scrolls sideways: scrollWidth {result['scrollWidth']} > innerWidth "
                                    f"{result['innerWidth']}")
                if result["innerWidth"] != width:
                    problems.append(f"the window is {result['innerWidth']} px wide, not {width}")
                problems += ["clipped text " + c for c in result["clipped"]]
                problems += ["text under 10 px " + s for s in result["small"]]
                png = os.path.join(options.out, f"{name}-{width}.png")
                height = min(max(result["scrollHeight"], 600), 30000)
                chromium(binary, max(width, 500), height, "--allow-file-access-from-files", f"--screenshot={png}",
                         wrapped(page, width, height, scratch, "shot"))
                status = "ok" if not problems else "FAIL"
                print(f"{status} {name} at {width} px: scrollWidth {result['scrollWidth']}/{result['innerWidth']}, "
                      f"{result['texts']} SVG texts checked; {png}")
                for problem in problems[:12]:
                    print(f"    {problem}")
                if len(problems) > 12:
                    print(f"    … {len(problems) - 12} more")
                failures += bool(problems)
            if options.pdf:
                pdf = os.path.join(options.out, f"{name}.pdf")
                chromium(binary, 1280, 900, f"--print-to-pdf={pdf}", "--no-pdf-header-footer",
                         "file://" + os.path.abspath(page))
                if not os.path.exists(pdf):
                    print(f"FAIL {name}: no PDF printed", file=sys.stderr)
                    failures += 1
                else:
                    print(f"pdf {name}: {pdf}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
