// A select of a GET filter form that applies as soon as it changes, so every filter is in the URL.
import type { SelectHTMLAttributes } from "react";
import { useSubmit } from "react-router";
import { type FieldProps, SelectField } from "./field";

/**
 * A select of a GET filter form that applies at once (submits its form, replacing the history
 * entry): "" is `anyLabel`, then `options` named by `labels` (else by themselves), then `children`.
 */
export function FilterSelect({
  anyLabel,
  options = [],
  labels,
  children,
  ...field
}: Omit<FieldProps<SelectHTMLAttributes<HTMLSelectElement>>, "onChange"> & {
  anyLabel: string;
  options?: readonly string[];
  labels?: Readonly<Record<string, string>>;
}) {
  const submit = useSubmit();
  return (
    <SelectField
      {...field}
      onChange={(e) => {
        if (e.currentTarget.form) void submit(e.currentTarget.form, { replace: true });
      }}
    >
      <option value="">{anyLabel}</option>
      {options.map((value) => (
        <option key={value} value={value}>
          {labels?.[value] ?? value}
        </option>
      ))}
      {children}
    </SelectField>
  );
}
