// The database / replica picker (spec B2.3): the primary first, read replicas after; an unhealthy replica cannot be
// picked and says why, with a link to the infrastructure settings.
import { Link } from '@tanstack/react-router';
import type { Project } from '../../api/types.ts';
import { databaseOptions, showCreateReplica } from '../../domain/database-picker.ts';
import { isEnabled } from '../../domain/navigation/flags.ts';
import { Button } from '../../ui/Button.tsx';
import { ChevronDownIcon } from '../../ui/Icon.tsx';
import { PopoverDialog, PopoverTrigger } from '../../ui/Popover.tsx';
import { useAppContext, useFeatureFlags } from '../shared/useAppContext.ts';
import * as css from './Picker.css.ts';

export function DatabasePicker({ project, selected, onSelect }: { project: Project; selected: string | null; onSelect: (identifier: string) => void }) {
  const { config } = useAppContext();
  const flags = useFeatureFlags();
  const options = databaseOptions(project.ref, project.databases);
  const current = options.find((option) => option.identifier === selected && option.unavailable === null) ?? options[0]!;
  return (
    <PopoverTrigger>
      <Button size="small" variant="outline" iconRight={<ChevronDownIcon size={14} />} aria-label={`Database: ${current.label}`}>
        {current.label}
      </Button>
      <PopoverDialog aria-label="Choose a database" placement="bottom end">
        {({ close }) => (
          <div className={css.panel}>
            <div className={css.options} role="listbox" aria-label="Databases">
              {options.map((option) => (
                <div key={option.identifier} role="option" aria-selected={option.identifier === current.identifier} aria-disabled={option.unavailable !== null}>
                  <button
                    type="button"
                    className={css.option}
                    disabled={option.unavailable !== null}
                    onClick={() => {
                      onSelect(option.identifier);
                      close();
                    }}
                    style={{ width: '100%', background: 'none', border: 'none', color: 'inherit', textAlign: 'left', font: 'inherit' }}
                  >
                    <span className={css.optionText}>
                      <span>{option.label}</span>
                      {option.unavailable ? <span className={css.optionHint}>{option.unavailable}</span> : null}
                    </span>
                  </button>
                  {option.unavailable ? (
                    <Link to="/project/$ref/settings/infrastructure" params={{ ref: project.ref }} className={css.optionHint}>
                      Infrastructure settings
                    </Link>
                  ) : null}
                </div>
              ))}
            </div>
            {showCreateReplica(config.mode, isEnabled(flags, 'infrastructure:read_replicas')) ? (
              <Link to="/project/$ref/settings/infrastructure" params={{ ref: project.ref }}>
                Create a new read replica
              </Link>
            ) : null}
          </div>
        )}
      </PopoverDialog>
    </PopoverTrigger>
  );
}
