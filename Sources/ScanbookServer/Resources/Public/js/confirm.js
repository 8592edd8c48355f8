// Forms marked data-confirm ask before they submit (the delete buttons). A script file rather than
// an onsubmit attribute: the Content-Security-Policy allows no inline script.
document.addEventListener("submit", (event) => {
  const message = event.target.dataset && event.target.dataset.confirm;
  if (message && !window.confirm(message)) event.preventDefault();
});
