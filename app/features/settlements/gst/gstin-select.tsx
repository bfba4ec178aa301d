/** The supplier GSTIN a GST page shows (issue 52: a return and an e-invoice file per registration); a plain select, JS off. */
export function GstinSelect({ gstin, gstins }: { gstin: string; gstins: string[] }) {
  return (
    <div className="field">
      <label htmlFor="gstin">Supplier GSTIN</label>
      <select id="gstin" name="gstin" defaultValue={gstin}>
        {gstins.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </select>
    </div>
  )
}
