// The template page's region editor. The region table is the truth (it works without script);
// this draws each row as a box over its page, lets a rectangle be dragged out with mouse or
// finger to add a row, a box be moved or resized (the corner handle), and the page be zoomed.
// It also lets the four page corners be dragged on the photo. Coordinates are page pixels.
(function () {
  const rows = document.getElementById("region-rows");
  const template = document.getElementById("region-template");
  const frames = Array.from(document.querySelectorAll(".page-frame"));
  const fields = ["name[]", "type[]", "page[]", "x[]", "y[]", "w[]", "h[]", "cells[]"];

  function input(row, name) { return row.querySelector(`[name="${name}"]`); }
  function rowValues(row) {
    const number = (name) => Number(input(row, name).value) || 0;
    return { name: input(row, "name[]").value.trim(), page: number("page[]"), x: number("x[]"), y: number("y[]"), w: number("w[]"), h: number("h[]"), cells: number("cells[]") };
  }
  function frameScale(frame) { return frame.getBoundingClientRect().width / Number(frame.dataset.width); }

  function draw() {
    frames.forEach((frame) => frame.querySelectorAll(".region-box").forEach((box) => box.remove()));
    if (!rows) return;
    Array.from(rows.rows).forEach((row) => {
      const region = rowValues(row);
      const frame = frames.find((candidate) => Number(candidate.dataset.page) === region.page);
      if (!frame || !region.name) return;
      const width = Number(frame.dataset.width), height = Number(frame.dataset.height);
      const box = document.createElement("div");
      box.className = "region-box";
      Object.assign(box.style, { left: (100 * region.x / width) + "%", top: (100 * region.y / height) + "%", width: (100 * region.w / width) + "%", height: (100 * region.h / height) + "%" });
      const label = document.createElement("span");
      label.textContent = region.name;
      box.appendChild(label);
      for (let cell = 1; cell < region.cells; cell += 1) {
        const line = document.createElement("i");
        line.className = "cell-line";
        line.style.left = (100 * cell / region.cells) + "%";
        box.appendChild(line);
      }
      if (frame.dataset.editable) {
        const handle = document.createElement("b");
        handle.className = "resize-handle";
        box.appendChild(handle);
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "region-remove";
        remove.textContent = "×";
        remove.setAttribute("aria-label", region.name);
        remove.addEventListener("click", (event) => { event.stopPropagation(); input(row, "name[]").value = ""; draw(); });
        box.appendChild(remove);
      }
      box.regionRow = row;
      frame.appendChild(box);
    });
  }

  function addRow(page, rect) {
    const row = template.cloneNode(true);
    row.removeAttribute("id");
    row.hidden = false;
    row.querySelectorAll("[data-name]").forEach((field) => { field.name = field.dataset.name; });
    // The first "regionN" no row uses yet.
    const taken = new Set(Array.from(rows.rows).map((other) => input(other, "name[]").value.trim()));
    let count = 1;
    while (taken.has("region" + count)) count += 1;
    input(row, "name[]").value = "region" + count;
    input(row, "page[]").value = page;
    ["x[]", "y[]", "w[]", "h[]"].forEach((name, index) => { input(row, name).value = rect[index]; });
    rows.appendChild(row);
    row.querySelectorAll("input, select").forEach((field) => field.addEventListener("input", draw));
    return row;
  }

  frames.forEach((frame) => {
    if (!frame.dataset.editable) return;
    let action = null;
    function point(event) {
      const box = frame.getBoundingClientRect(), scale = frameScale(frame);
      const clamp = (value, max) => Math.max(0, Math.min(max, Math.round(value)));
      return { x: clamp((event.clientX - box.left) / scale, Number(frame.dataset.width)), y: clamp((event.clientY - box.top) / scale, Number(frame.dataset.height)) };
    }
    frame.addEventListener("pointerdown", (event) => {
      if (event.target.closest(".region-remove")) return;
      const start = point(event);
      const box = event.target.closest(".region-box");
      if (box) {
        const row = box.regionRow, region = rowValues(row);
        action = { kind: event.target.classList.contains("resize-handle") ? "resize" : "move", row, start, region };
      } else {
        action = { kind: "draw", start, row: null };
      }
      frame.setPointerCapture(event.pointerId);
      event.preventDefault();
    });
    frame.addEventListener("pointermove", (event) => {
      if (!action) return;
      const now = point(event);
      const width = Number(frame.dataset.width), height = Number(frame.dataset.height);
      let rect;
      if (action.kind === "draw") {
        const x = Math.min(action.start.x, now.x), y = Math.min(action.start.y, now.y);
        const w = Math.abs(now.x - action.start.x), h = Math.abs(now.y - action.start.y);
        if (!action.row) {
          if (w < 8 && h < 8) return;
          action.row = addRow(frame.dataset.page, [x, y, w, h]);
        }
        rect = [x, y, Math.max(1, w), Math.max(1, h)];
      } else if (action.kind === "move") {
        const r = action.region;
        rect = [Math.max(0, Math.min(width - r.w, r.x + now.x - action.start.x)), Math.max(0, Math.min(height - r.h, r.y + now.y - action.start.y)), r.w, r.h];
      } else {
        const r = action.region;
        rect = [r.x, r.y, Math.max(4, Math.min(width - r.x, r.w + now.x - action.start.x)), Math.max(4, Math.min(height - r.y, r.h + now.y - action.start.y))];
      }
      ["x[]", "y[]", "w[]", "h[]"].forEach((name, index) => { input(action.row, name).value = Math.round(rect[index]); });
      draw();
    });
    // A drawn box's name is selected for typing, without scrolling to the table below (the page
    // jumped 800-1,000 px after each box); on a touch screen not focused at all, since the keyboard
    // it opens resizes the page and redraws the boxes under the next drag.
    const finish = (event) => {
      if (action && action.kind === "draw" && action.row && event.type === "pointerup" && event.pointerType !== "touch") {
        const name = input(action.row, "name[]");
        name.focus({ preventScroll: true });
        name.select();
      }
      action = null;
    };
    frame.addEventListener("pointerup", finish);
    frame.addEventListener("pointercancel", finish);
    frame.addEventListener("lostpointercapture", finish);
  });

  document.querySelectorAll("[data-zoom]").forEach((button) => {
    button.addEventListener("click", () => {
      const frame = button.closest(".form-page").querySelector(".page-frame");
      const zoom = Math.max(1, Math.min(4, (Number(frame.dataset.zoom) || 1) * (button.dataset.zoom === "in" ? 1.5 : 1 / 1.5)));
      frame.dataset.zoom = zoom;
      frame.style.width = (100 * zoom) + "%";
    });
  });

  const add = document.getElementById("region-add");
  if (add && rows && template) add.addEventListener("click", () => { addRow(1, [10, 10, 200, 60]); draw(); });
  if (rows) rows.querySelectorAll("input, select").forEach((field) => field.addEventListener("input", draw));
  if (template) template.querySelectorAll("[data-name]").forEach((field) => field.removeAttribute("name"));
  window.addEventListener("resize", draw);
  draw();

  // Page corners on the photo: four handles; the text field holds "x,y;x,y;x,y;x,y" in photo pixels.
  document.querySelectorAll(".corner-frame").forEach((frame) => {
    const image = frame.querySelector("img");
    const field = frame.parentElement.querySelector('.corners-form input[name="corners"]');
    if (!image || !field) return;
    function corners() { return field.value.split(";").map((pair) => pair.split(",").map(Number)); }
    function place() {
      if (!image.naturalWidth) return;
      frame.querySelectorAll(".corner-handle").forEach((handle, index) => {
        const corner = corners()[index] || [0, 0];
        handle.style.left = (100 * corner[0] / image.naturalWidth) + "%";
        handle.style.top = (100 * corner[1] / image.naturalHeight) + "%";
      });
    }
    for (let index = 0; index < 4; index += 1) {
      const handle = document.createElement("b");
      handle.className = "corner-handle";
      handle.addEventListener("pointerdown", (event) => { handle.setPointerCapture(event.pointerId); handle.dragging = true; event.preventDefault(); });
      handle.addEventListener("pointermove", (event) => {
        if (!handle.dragging) return;
        const box = image.getBoundingClientRect();
        const x = Math.max(0, Math.min(image.naturalWidth - 1, Math.round((event.clientX - box.left) / box.width * image.naturalWidth)));
        const y = Math.max(0, Math.min(image.naturalHeight - 1, Math.round((event.clientY - box.top) / box.height * image.naturalHeight)));
        const all = corners();
        all[index] = [x, y];
        field.value = all.map((corner) => corner.join(",")).join(";");
        place();
      });
      handle.addEventListener("pointerup", () => { handle.dragging = false; });
      handle.addEventListener("pointercancel", () => { handle.dragging = false; });
      frame.appendChild(handle);
    }
    field.addEventListener("input", place);
    if (image.complete) place(); else image.addEventListener("load", place);
    frame.closest("details").addEventListener("toggle", place);
  });
})();
