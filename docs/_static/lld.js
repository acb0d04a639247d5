// Choosing a source's tab (from ?source=… or the reader's last choice) changes
// the height of every ruling above the anchor; scroll to the anchor again once
// sphinx-design has set the tabs, so a link to #r22 lands on R22. At once: the
// theme scrolls smoothly, which from the top of the rules page is a long ride.
document.addEventListener("DOMContentLoaded", () => {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView({ behavior: "instant" });
});

// A step-through ({step-through}): every step is in the page, so it reads without
// script and prints whole; with script one step shows at a time, stepped by the
// buttons or the left and right arrow keys, and #step-N in the address opens it.
document.addEventListener("DOMContentLoaded", () => {
  for (const root of document.querySelectorAll(".lld-steps")) {
    const steps = Array.from(root.querySelectorAll(":scope > .lld-step"));
    if (steps.length < 2) continue;
    const nav = document.createElement("div");
    nav.className = "lld-step-nav";
    const button = (cls, text, label) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = cls;
      b.textContent = text;
      b.setAttribute("aria-label", label);
      return b;
    };
    const prev = button("lld-step-prev", "\u25C0 Previous", "Previous step");
    const next = button("lld-step-next", "Next \u25B6", "Next step");
    const where = document.createElement("span");
    where.className = "lld-step-where";
    where.setAttribute("aria-live", "polite");
    nav.append(prev, where, next);
    root.prepend(nav);
    root.classList.add("lld-steps-js");
    let current = 0;
    const show = (i, remember) => {
      current = Math.max(0, Math.min(steps.length - 1, i));
      steps.forEach((s, k) => { s.hidden = k !== current; });
      where.textContent = `Step ${current} of ${steps.length - 1}`;
      prev.disabled = current === 0;
      next.disabled = current === steps.length - 1;
      if (remember) history.replaceState(null, "", `#${steps[current].id}`);
    };
    const fromHash = (behavior) => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const i = steps.findIndex((s) => s.id === id);
      show(i < 0 ? current : i, false);
      // Every step was showing when the page scrolled to the anchor: scroll again.
      if (i >= 0) root.scrollIntoView({ behavior });
    };
    prev.addEventListener("click", () => show(current - 1, true));
    next.addEventListener("click", () => show(current + 1, true));
    window.addEventListener("hashchange", () => fromHash("smooth"));
    // Capturing on window comes before the theme's own arrow keys (previous and
    // next page), which would otherwise leave the page.
    window.addEventListener("keydown", (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
      const t = e.target;
      // A focused box that scrolls keeps its arrow keys (keyboardScrollable below).
      const own = "input, textarea, select, [contenteditable], [data-lld-scroll-focus]";
      if (t instanceof Element && t.closest(own)) return;
      e.preventDefault();
      e.stopPropagation();
      show(current + (e.key === "ArrowRight" ? 1 : -1), true);
    }, true);
    fromHash("instant");
  }
});

// The cells (jupyterlite-sphinx's replite) and the example notebooks open in
// JupyterLite's own theme: the dark one when the site shows dark (the theme's
// data-theme "dark", or "auto" with a dark system setting) and the light one
// otherwise, so that a cell is not a white block on a dark page. Named both ways:
// JupyterLite keeps the theme it was last asked for in the browser, and a light
// page would open dark after a dark one.
const siteIsDark = () => {
  const chosen = document.body.dataset.theme;
  return chosen === "dark"
    || (chosen !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
};
const liteTheme = (dark) => (dark ? "JupyterLab Dark" : "JupyterLab Light");
const withTheme = (url, dark) => {
  const bare = url.replace(/([?&])theme=[^&#]*&?/, "$1").replace(/[?&]$/, "");
  return `${bare}${bare.includes("?") ? "&" : "?"}theme=${encodeURIComponent(liteTheme(dark))}`;
};

// The links to the example notebooks (JupyterLite's notebook app) carry the theme.
const themeNotebookLinks = (dark) => {
  for (const a of document.querySelectorAll('a[href*="lite/notebooks/index.html"]')) {
    a.setAttribute("href", withTheme(a.getAttribute("href"), dark));
  }
};

// A cell already open follows the site when the reader switches its colour
// scheme (the theme's button, or the system's setting under "auto"): JupyterLite
// is told through its own theme command (jupyter-lite.json exposes the app to
// the page, which is the frame's same origin).
const followSiteTheme = () => {
  const dark = siteIsDark();
  themeNotebookLinks(dark);
  for (const iframe of document.querySelectorAll("iframe.jupyterlite_sphinx_iframe")) {
    const app = iframe.contentWindow && iframe.contentWindow.jupyterapp;
    if (app && app.commands.hasCommand("apputils:change-theme")) {
      app.commands.execute("apputils:change-theme", { theme: liteTheme(dark) });
    }
  }
};
document.addEventListener("DOMContentLoaded", () => {
  themeNotebookLinks(siteIsDark());
  new MutationObserver(followSiteTheme)
    .observe(document.body, { attributes: true, attributeFilter: ["data-theme"] });
  window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", followSiteTheme);
});

if (window.jupyterliteShowIframe) {
  const showIframe = window.jupyterliteShowIframe;
  window.jupyterliteShowIframe = (buttonId, src) => {
    const dark = siteIsDark();
    showIframe(buttonId, withTheme(src, dark));
    const button = document.getElementById(buttonId);
    const iframe = button && button.parentNode.querySelector("iframe");
    if (!iframe) return;
    // JupyterLite paints its default (light) or the theme it last showed for a
    // moment before it applies the one asked for: keep the frame hidden (the
    // spinner shows) until it has, or for 20 s at most.
    iframe.style.visibility = "hidden";
    const began = Date.now();
    const reveal = () => {
      const body = iframe.contentDocument && iframe.contentDocument.body;
      const themed = body && body.dataset.jpThemeLight === String(!dark);
      if (themed || Date.now() - began > 20000) {
        iframe.style.visibility = "";
      } else {
        setTimeout(reveal, 100);
      }
    };
    reveal();
  };
}

// A code block or table wider than its column scrolls sideways in its box. A reader
// without a mouse must be able to scroll it too (WCAG 2.1.1), so such a box takes
// keyboard focus (tabindex="0", then the arrow keys scroll it) while it overflows
// and holds nothing focusable of its own; one that fits takes none, so the
// keyboard does not stop at every short block. Checked again whenever a box's size
// changes (the window resized, a hidden tab or step shown). Its left and right
// arrow keys scroll it: they do not reach the theme's keys (previous and next page).
const focusableInside = "a[href], button, input, select, textarea, [tabindex]";
const scrolls = (box, axis) => {
  const style = getComputedStyle(box)[axis === "x" ? "overflowX" : "overflowY"];
  if (style !== "auto" && style !== "scroll") return false;
  return axis === "x" ? box.scrollWidth > box.clientWidth : box.scrollHeight > box.clientHeight;
};
const keyboardScrollable = (box) => {
  if ((scrolls(box, "x") || scrolls(box, "y")) && !box.querySelector(focusableInside)) {
    box.setAttribute("tabindex", "0");
    box.dataset.lldScrollFocus = "";
  } else if ("lldScrollFocus" in box.dataset) {
    box.removeAttribute("tabindex");
    delete box.dataset.lldScrollFocus;
  }
};
document.addEventListener("DOMContentLoaded", () => {
  const boxes = document.querySelectorAll("pre, .table-wrapper, .lld-differ");
  boxes.forEach(keyboardScrollable);
  const watch = new ResizeObserver((entries) => {
    for (const entry of entries) keyboardScrollable(entry.target);
  });
  for (const box of boxes) {
    watch.observe(box);
    box.addEventListener("keydown", (e) => {
      if (e.target !== box || !("lldScrollFocus" in box.dataset)) return;
      if (e.key === "ArrowLeft" || e.key === "ArrowRight") e.stopPropagation();
    });
  }
});
