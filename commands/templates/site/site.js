// The list pages' search box, filters and sortable columns: plain JavaScript, no build step.
// Without JavaScript the list is a plain table. Hidden rows get the `hidden` attribute.
(function () {
  "use strict";
  var table = document.getElementById("list");
  if (!table) {
    return;
  }
  var body = table.tBodies[0];
  var search = document.getElementById("search");
  var byClass = document.getElementById("filter-class");
  var byCountry = document.getElementById("filter-country");

  function rows() {
    return Array.prototype.slice.call(body.querySelectorAll("tr.row"));
  }

  function apply() {
    var text = search ? search.value.trim().toLowerCase() : "";
    var cls = byClass ? byClass.value : "";
    var country = byCountry ? byCountry.value : "";
    rows().forEach(function (row) {
      var name = (row.getAttribute("data-name") || "").toLowerCase();
      var player = (row.getAttribute("data-player") || "").toLowerCase();
      var shown = (!text || name.indexOf(text) !== -1 || player.indexOf(text) !== -1) &&
        (!cls || row.getAttribute("data-class") === cls) &&
        (!country || row.getAttribute("data-country") === country);
      if (shown) {
        row.removeAttribute("hidden");
      } else {
        row.setAttribute("hidden", "");
      }
    });
  }

  [search, byClass, byCountry].forEach(function (control) {
    if (control) {
      control.addEventListener("input", apply);
      control.addEventListener("change", apply);
    }
  });
  var form = search ? search.form : null;
  if (form) {
    form.addEventListener("submit", function (event) { event.preventDefault(); });
  }

  var heads = table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads, function (head, column) {
    head.setAttribute("tabindex", "0");
    head.setAttribute("aria-sort", "none");
    head.classList.add("sortable");
    function sort() {
      var numeric = head.hasAttribute("data-numeric");
      var ascending = head.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(heads, function (other) { other.setAttribute("aria-sort", "none"); });
      head.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      var keyed = rows().map(function (row, index) {
        var text = row.cells[column].textContent.trim();
        var value = numeric ? (text === "" ? -Infinity : parseFloat(text)) : text.toLowerCase();
        return { row: row, value: value, index: index };
      });
      keyed.sort(function (a, b) {
        var order = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
        return (ascending ? order : -order) || a.index - b.index;
      });
      keyed.forEach(function (item) { body.appendChild(item.row); });
    }
    head.addEventListener("click", sort);
    head.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        sort();
      }
    });
  });
  apply();
})();
