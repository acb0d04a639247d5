// Choosing a source's tab (from ?source=… or the reader's last choice) changes
// the height of every ruling above the anchor; scroll to the anchor again once
// sphinx-design has set the tabs, so a link to #r22 lands on R22.
document.addEventListener("DOMContentLoaded", () => {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView();
});
