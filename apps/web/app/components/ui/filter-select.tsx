// A select of a GET filter form that applies as soon as it changes, so every filter is in the URL;
// and a list's filter by one query parameter, read in its loader and chosen beside its heading.
import type { SelectHTMLAttributes } from "react";
import { Form, useSubmit } from "react-router";
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

/** A list's filter by one query parameter, with a fixed set of values. */
export interface ListFilter<T extends string> {
  /** The query parameter, and the select's name ("status"). */
  name: string;
  /** The select's label ("Status"), read by screen readers. */
  label: string;
  /** The words of "" (no filter): "Any status". */
  anyLabel: string;
  /** The values in words, in the select's order. */
  choices: Readonly<Record<T, string>>;
}

/**
 * The value of `filter` in a list URL's `params`: one of its choices, else undefined (no filter:
 * an absent, empty or unknown value, e.g. from an old link).
 */
export function filterValue<T extends string>(
  filter: ListFilter<T>,
  params: URLSearchParams,
): T | undefined {
  const value = params.get(filter.name) ?? "";
  return Object.hasOwn(filter.choices, value) ? (value as T) : undefined;
}

/**
 * A list's filter beside its heading: a GET form named `form` ("Filter the issues") with the
 * filter's select (label hidden, the heading says what is listed) showing `value`, applied at once.
 */
export function HeadingFilter<T extends string>(props: {
  form: string;
  filter: ListFilter<T>;
  value: T | undefined;
  className: string;
}) {
  const { form, filter, value, className } = props;
  return (
    <Form method="get" aria-label={form}>
      <FilterSelect
        label={filter.label}
        hideLabel
        name={filter.name}
        defaultValue={value ?? ""}
        anyLabel={filter.anyLabel}
        options={Object.keys(filter.choices)}
        labels={filter.choices}
        className={className}
      />
    </Form>
  );
}
