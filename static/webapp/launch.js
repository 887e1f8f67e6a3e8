// Launch forms: tasks named by hand replace the split, so the split select shows "name the tasks instead"
// as soon as a name is typed (a split left selected beside named tasks looked used while it was ignored).
(function () {
  "use strict";

  document.addEventListener("input", function (event) {
    var field = event.target;
    if (field.name !== "tasks" || !field.form) return;
    var split = field.form.querySelector("select[name=split]");
    if (split && field.value.trim() && split.querySelector('option[value=""]')) split.value = "";
  });
})();
