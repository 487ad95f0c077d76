// The editor's publish date as an editor sees it
// (docs/product/studio.md#studio-editor): ISO 8601 date and 24-hour time in UTC as text, whatever
// the browser's locale, and a plain message for a date that is not one.
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { type ArticleForm, formOf } from "../article-form";
import { DetailsFields } from "./details-fields";
import { bindTextFields } from "./field-binding";

/** The side fields over a form dated `publishDate` (ISO 8601), as the editor binds them. */
function Harness({ publishDate }: { publishDate: string }) {
  const [form, setForm] = useState<ArticleForm>(() => ({
    ...formOf(null, new Date(publishDate)),
  }));
  const edit = (patch: Partial<ArticleForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <DetailsFields
      form={form}
      field={bindTextFields(form, {}, edit)}
      edit={edit}
      fieldErrors={{}}
      editor
      canEdit
    />
  );
}

const dateField = () => screen.getByLabelText("Publish date (UTC)") as HTMLInputElement;

describe("the publish date field", () => {
  it("shows the date as YYYY-MM-DD HH:MM, 24-hour, in a text field", () => {
    render(<Harness publishDate="2026-11-24T14:05:00.000Z" />);
    // Not a datetime-local input: the browser would show it in its locale (11/24/2026, 02:05 PM).
    expect(dateField().type).toBe("text");
    expect(dateField().value).toBe("2026-11-24 14:05");
    expect(dateField().getAttribute("aria-invalid")).toBeNull();
  });

  it("says how to write a date it cannot read, until it can", () => {
    render(<Harness publishDate="2026-11-24T14:05:00.000Z" />);
    fireEvent.change(dateField(), { target: { value: "11/24/2026 2:05 PM" } });
    expect(dateField().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Write the date as YYYY-MM-DD HH:MM (24-hour, UTC)")).toBeTruthy();
    fireEvent.change(dateField(), { target: { value: "2026-11-24 14:05" } });
    expect(dateField().getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(/Write the date as/)).toBeNull();
  });
});
