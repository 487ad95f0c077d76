// A list's filter by one query parameter (the studio's audit log and newsletter issues): the value
// its loader reads from the URL, and the form beside the heading that changes it at once.
import { fireEvent, screen, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { filterValue, HeadingFilter, type ListFilter } from "./filter-select";

const STATUS: ListFilter<"draft" | "sent"> = {
  name: "status",
  label: "Status",
  anyLabel: "Any status",
  choices: { draft: "Draft", sent: "Sent" },
};

describe("filterValue", () => {
  it("reads one of the choices, and no filter for an absent, empty or unknown value", () => {
    expect(filterValue(STATUS, new URLSearchParams("status=sent&page=2"))).toBe("sent");
    expect(filterValue(STATUS, new URLSearchParams("page=2"))).toBeUndefined();
    expect(filterValue(STATUS, new URLSearchParams("status="))).toBeUndefined();
    expect(filterValue(STATUS, new URLSearchParams("status=Sent"))).toBeUndefined();
    expect(filterValue(STATUS, new URLSearchParams("status=toString"))).toBeUndefined();
  });
});

describe("HeadingFilter", () => {
  function Search() {
    return <p>at {useLocation().search || "no query"}</p>;
  }

  it("is a named form whose select shows the value and applies a choice to the URL at once", async () => {
    renderRoute(
      <>
        <HeadingFilter form="Filter the issues" filter={STATUS} value="draft" className="w-36" />
        <Search />
      </>,
      { path: "/studio/newsletter", at: "/studio/newsletter?status=draft" },
    );
    const form = screen.getByRole("form", { name: "Filter the issues" });
    const select = within(form).getByRole<HTMLSelectElement>("combobox", { name: "Status" });
    const options = within(select).getAllByRole<HTMLOptionElement>("option");
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ["", "Any status"],
      ["draft", "Draft"],
      ["sent", "Sent"],
    ]);
    expect(select.value).toBe("draft");
    fireEvent.change(select, { target: { value: "sent" } });
    expect(await screen.findByText("at ?status=sent")).toBeTruthy();
  });
});
