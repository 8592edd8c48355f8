// Scanning filled forms on a phone: "Take a photo" opens the camera for one page at a time and adds
// each photo to the batch, so a pile of forms is photographed in a row and sent once. The plain file
// field (choose many photos) works without this script.
(function () {
  const form = document.getElementById("scan-form");
  if (!form || typeof DataTransfer === "undefined") return;
  const field = form.querySelector('input[name="photos[]"]');
  const camera = document.getElementById("scan-camera");
  const take = document.getElementById("scan-take");
  const status = document.getElementById("scan-count");
  const perForm = Number(form.dataset.pages) || 1;
  if (!field || !camera || !take || !status) return;
  const batch = new DataTransfer();
  function show() {
    const forms = Math.floor(batch.files.length / perForm), rest = batch.files.length % perForm;
    status.textContent = status.dataset.template.replace("{photos}", batch.files.length).replace("{forms}", forms)
      + (rest ? " " + status.dataset.incomplete.replace("{missing}", perForm - rest) : "");
  }
  take.hidden = false;
  take.addEventListener("click", () => camera.click());
  camera.addEventListener("change", () => {
    Array.from(camera.files).forEach((file) => batch.items.add(file));
    camera.value = "";
    field.files = batch.files;
    field.required = false;
    show();
  });
  field.addEventListener("change", () => {
    // Photos chosen from the gallery replace the ones taken so far.
    while (batch.items.length) batch.items.remove(0);
    Array.from(field.files).forEach((file) => batch.items.add(file));
    show();
  });
})();
