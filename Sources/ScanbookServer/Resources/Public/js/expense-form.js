// The add-expense form: a value per member only matters when the split is not equal, so the
// fields are shown, with a hint of what to type, only then. Without JavaScript all fields show.
(function () {
  const mode = document.getElementById("split-mode");
  if (!mode) return;
  const hints = { shares: "1", exact: "7.50", percent: "50" };
  function update() {
    for (const field of document.querySelectorAll(".participant input[type=text]")) {
      field.hidden = mode.value === "equal";
      field.placeholder = hints[mode.value] || "";
    }
  }
  mode.addEventListener("change", update);
  update();
})();
