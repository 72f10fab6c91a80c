import './spinner.css';
export function Spinner({ label = 'Loading...', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <span className={inline ? 'spinner spinner--inline' : 'spinner'} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className={inline ? 'visually-hidden' : 'spinner__label'}>{label}</span>
    </span>
  );
}
