// The in-browser cells (lld_docs/cells.py). A browser will not run them from
// file:// (it blocks the cell's scripts), so a page opened from disk says how to
// serve the folder instead, and its buttons load nothing.
document.addEventListener("DOMContentLoaded", () => {
  if (location.protocol !== "file:") return;
  for (const cell of document.querySelectorAll(".lld-cell")) {
    cell.classList.add("lld-cell-offline");
    const box = cell.querySelector(".jupyterlite_sphinx_iframe_container");
    if (box) box.removeAttribute("onclick");
  }
});
