// Marks the digit strip on the meter photo: drag across the photo to draw it, or type the four
// numbers (thousandths of the photo). Without JavaScript the numbers alone still work.
(function () {
  const frame = document.getElementById("strip-frame");
  const overlay = document.getElementById("strip-overlay");
  const form = document.getElementById("strip-form");
  if (!frame || !overlay || !form) return;
  const fields = ["x", "y", "w", "h"].map((name) => form.elements[name]);

  function show() {
    const [x, y, w, h] = fields.map((field) => Number(field.value) / 10);
    Object.assign(overlay.style, { left: x + "%", top: y + "%", width: w + "%", height: h + "%" });
  }
  fields.forEach((field) => field.addEventListener("input", show));

  let start = null;
  function point(event) {
    const box = frame.getBoundingClientRect();
    const clamp = (value) => Math.max(0, Math.min(1000, Math.round(value)));
    return { x: clamp(((event.clientX - box.left) / box.width) * 1000), y: clamp(((event.clientY - box.top) / box.height) * 1000) };
  }
  frame.addEventListener("pointerdown", (event) => {
    start = point(event);
    frame.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  frame.addEventListener("pointermove", (event) => {
    if (!start) return;
    const end = point(event);
    const x = Math.min(start.x, end.x), y = Math.min(start.y, end.y);
    const w = Math.max(10, Math.abs(end.x - start.x)), h = Math.max(10, Math.abs(end.y - start.y));
    [x, y, Math.min(w, 1000 - x), Math.min(h, 1000 - y)].forEach((value, index) => { fields[index].value = value; });
    show();
  });
  frame.addEventListener("pointerup", () => { start = null; });
  show();
})();
