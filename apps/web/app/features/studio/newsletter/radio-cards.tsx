// A choice of one among a few, as bordered cards with a title and a line each (the kind of an
// issue).
import { useId } from "react";

/** One card: the value it stands for, its title and the line under it. */
export interface RadioCard<T extends string> {
  value: T;
  title: string;
  hint: string;
}

/** Native radio buttons (keyboard and screen readers as usual) in cards, under `legend`. */
export function RadioCards<T extends string>({
  legend,
  value,
  options,
  onChange,
  disabled = false,
}: {
  legend: string;
  value: T;
  options: readonly RadioCard<T>[];
  onChange: (next: T) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-[0.8125rem] font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer gap-3 rounded-xl border border-line p-3 has-checked:border-accent has-checked:bg-accent/5"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="mt-0.5 size-4 shrink-0 accent-accent"
            />
            <span>
              <span className="block text-sm font-medium">{o.title}</span>
              <span className="block text-xs text-muted">{o.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
