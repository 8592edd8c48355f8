// Marks a rectangle on a photo: the digit strip on a meter photo, or the counter window on a
// meter's reference photo. Drag across the photo (mouse or finger) to draw it, or type the four
// numbers (thousandths of the photo). Without JavaScript the numbers alone still work.
(function () {
  document.querySelectorAll(".strip-frame[data-form]").forEach(function (frame) {
    const overlay = frame.querySelector(".strip-overlay");
    const form = document.getElementById(frame.dataset.form);
    if (!overlay || !form) return;
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
    const finish = () => { start = null; };
    frame.addEventListener("pointerup", finish);
    frame.addEventListener("pointercancel", finish);
    show();
  });
})();
