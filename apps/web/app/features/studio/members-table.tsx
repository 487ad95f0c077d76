// Members and their roles (issue #7 "Members list with search; admins change roles").
import type { Role, StudioMember } from "@pragmatist/contracts";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "../../components/ui/button";
import { SearchIcon, Spinner } from "../../components/ui/icons";
import { formatLongDate } from "../../lib/format";
import { studioApi } from "./studio-api";
import { messageOf } from "./studio-load";
import { Badge, errorText, SelectField, TextInput } from "./ui";

/** The roles, as the API names them (contracts `roles`). */
export const ROLES = ["member", "author", "editor", "admin"] as const satisfies readonly Role[];

/** The members search: part of a name or email, and a role. */
export function MemberFilters({ q, role }: { q: string; role: Role | undefined }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Members"
      className="mb-4 flex flex-wrap items-end gap-3 rounded-xl border border-line bg-surface p-3"
    >
      <div className="flex min-w-64 flex-1 items-end gap-2">
        <TextInput
          label="Name or email"
          type="search"
          name="q"
          defaultValue={q}
          className="flex-1"
          maxLength={200}
        />
        <Button type="submit" variant="secondary" aria-label="Search">
          <SearchIcon size={16} />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>
      <SelectField
        label="Role"
        name="role"
        defaultValue={role ?? ""}
        className="w-40"
        onChange={(e) => {
          if (e.currentTarget.form) void submit(e.currentTarget.form, { replace: true });
        }}
      >
        <option value="">Any role</option>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </SelectField>
    </Form>
  );
}

type RowState =
  { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "error"; message: string };

/** One member: the role select saves at once and says so. */
function MemberRow({ initial, self }: { initial: StudioMember; self: boolean }) {
  const [member, setMember] = useState(initial);
  const [state, setState] = useState<RowState>({ kind: "idle" });
  const change = async (role: Role) => {
    setState({ kind: "saving" });
    try {
      setMember(await studioApi.setRole(member.id, role));
      setState({ kind: "saved" });
    } catch (e) {
      setState({ kind: "error", message: messageOf(e) });
    }
  };
  return (
    <tr className="border-b border-line align-top last:border-0">
      <td className="max-w-0 px-4 py-2.5">
        <p className="truncate font-medium">
          {member.username}
          {self && <span className="ml-1.5 text-xs font-normal text-muted">(you)</span>}
        </p>
        <p className="truncate text-xs text-muted">{member.email ?? "No email"}</p>
      </td>
      <td className="px-3 py-2">
        <SelectField
          label={`Role of ${member.username}`}
          hideLabel
          value={member.role}
          disabled={state.kind === "saving"}
          onChange={(e) => void change(e.currentTarget.value as Role)}
          className="w-32"
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </SelectField>
        <p
          aria-live="polite"
          className={`mt-0.5 min-h-4 text-xs ${state.kind === "error" ? errorText : "text-muted"}`}
        >
          {state.kind === "saving" ? (
            <Spinner size={12} />
          ) : state.kind === "saved" ? (
            "Saved"
          ) : state.kind === "error" ? (
            state.message
          ) : (
            ""
          )}
        </p>
      </td>
      <td className="tabular hidden px-3 py-2.5 text-sm text-muted sm:table-cell">
        {formatLongDate(member.createdAt)}
      </td>
      <td className="hidden px-3 py-2.5 text-sm md:table-cell">
        {member.ban ? (
          <span title={member.ban.reason}>
            <Badge className="border-red-600/30 bg-red-500/10 text-red-700 dark:text-red-400">
              Banned from commenting
            </Badge>
          </span>
        ) : (
          <span className="text-muted">—</span>
        )}
      </td>
    </tr>
  );
}

/** The members of one page with their role selects. */
export function MembersTable({ members, viewerId }: { members: StudioMember[]; viewerId: number }) {
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface">
      <table className="w-full table-fixed border-collapse text-left">
        <caption className="sr-only">Members</caption>
        <thead className="border-b border-line bg-page/60 text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-4 py-2">
              Member
            </th>
            <th scope="col" className="w-40 px-3 py-2">
              Role
            </th>
            <th scope="col" className="hidden w-36 px-3 py-2 sm:table-cell">
              Joined
            </th>
            <th scope="col" className="hidden w-52 px-3 py-2 md:table-cell">
              Commenting
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <MemberRow key={m.id} initial={m} self={m.id === viewerId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
