// A refused form shows each problem beside its input (aria-invalid). The page opens at the first
// one rather than at its top, which on a phone was 2,000 px away from the field meant.
document.addEventListener("DOMContentLoaded", () => {
  const first = document.querySelector('[aria-invalid="true"]');
  if (!first) return;
  first.scrollIntoView({ block: "center" });
  first.focus({ preventScroll: true });
});
