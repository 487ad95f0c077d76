// Members and their roles (docs/product/studio.md#studio).
import type { Role, StudioMember } from "@pragmatist/contracts";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { errorText } from "../../components/ui/danger";
import { DataTable } from "../../components/ui/data-table";
import { SelectField } from "../../components/ui/field";
import { FilterSelect } from "../../components/ui/filter-select";
import { Spinner } from "../../components/ui/action-icons";
import { SearchForm } from "../../components/ui/search-form";
import { formatIsoDateUtc } from "../../lib/format";
import { studioApi } from "./studio-api";
import { messageOf } from "./studio-load";

/** The roles, as the API names them (contracts `roles`). */
export const ROLES = ["member", "author", "editor", "admin"] as const satisfies readonly Role[];

/** The members search: part of a name or email, and a role. */
export function MemberFilters({ q, role }: { q: string; role: Role | undefined }) {
  return (
    <SearchForm label="Members" searchLabel="Name or email" q={q}>
      <FilterSelect
        label="Role"
        name="role"
        defaultValue={role ?? ""}
        anyLabel="Any role"
        options={ROLES}
        className="w-40"
      />
    </SearchForm>
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
        {formatIsoDateUtc(member.createdAt)}
      </td>
      <td className="hidden px-3 py-2.5 text-sm md:table-cell">
        {member.ban ? (
          <span title={member.ban.reason}>
            <Badge tone="danger">Banned from commenting</Badge>
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
    <DataTable
      caption="Members"
      columns={[
        { label: "Member" },
        { label: "Role", className: "w-40" },
        { label: "Joined", className: "hidden w-36 sm:table-cell" },
        { label: "Commenting", className: "hidden w-52 md:table-cell" },
      ]}
    >
      {members.map((m) => (
        <MemberRow key={m.id} initial={m} self={m.id === viewerId} />
      ))}
    </DataTable>
  );
}
