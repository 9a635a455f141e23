import type { WireStep } from '../lib/wire-step';

/**
 * One row per model call: how it went over the wire. The bytes column is the point of the
 * package: a delta step sends the new items only, a full step resends the whole history.
 */
export function StepTable({ steps }: { steps: WireStep[] }) {
  if (steps.length === 0) return null;
  const total = steps.reduce((sum, step) => sum + step.requestBytes, 0);
  const deltas = steps.filter((step) => step.inputMode === 'delta').length;
  return (
    <div>
      <table>
        <thead>
          <tr>
            <th>step</th>
            <th>transport</th>
            <th>inputMode</th>
            <th>requestBytes</th>
            <th>socketReused</th>
            <th>reason</th>
            <th>finish</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr
              key={step.step}
              data-testid="wire-step"
              data-transport={step.transport}
              data-input-mode={step.inputMode}
              data-request-bytes={step.requestBytes}
              data-socket-reused={String(step.socketReused)}
            >
              <td>{step.step}</td>
              <td>{step.transport}</td>
              <td className={step.inputMode}>{step.inputMode}</td>
              <td>{step.requestBytes}</td>
              <td>{String(step.socketReused)}</td>
              <td>{step.reason || '-'}</td>
              <td>{step.finishReason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="summary">
        {steps.length} steps, {deltas} sent as deltas, {total} bytes sent in all.
      </div>
    </div>
  );
}
