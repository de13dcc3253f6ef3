import { Button } from 'react-aria-components';
import { sidebarBehaviourOptions } from '../../../machines/sidebar.selectors.ts';
import type { SidebarBehaviour } from '../../domain/navigation/sidebar-behaviour.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Menu, MenuItem, MenuSection, MenuTrigger } from '../../ui/Menu.tsx';
import { useAppContext } from '../shared/useAppContext.ts';
import { useSidebarState } from './useSidebarState.ts';
import * as css from './Sidebar.css.ts';

/** The sidebar behaviour preference of spec A2.4: 'Expanded', 'Collapsed' or 'Expand on hover'. */
export function SidebarBehaviourMenu({ expanded }: { expanded: boolean }) {
  const { sidebar } = useAppContext();
  const { behaviour } = useSidebarState();
  return (
    <MenuTrigger>
      <Button className={css.buttonItem} aria-label="Sidebar control" data-testid="sidebar-behaviour">
        <Icon name="sidebar" size={18} className={css.icon} />
        {expanded && <span>Sidebar control</span>}
      </Button>
      <Menu
        aria-label="Sidebar control"
        placement="top start"
        selectionMode="single"
        selectedKeys={[behaviour]}
        onAction={(key) => sidebar.send({ type: 'sidebar.setBehaviour', behaviour: key as SidebarBehaviour })}
      >
        <MenuSection title="Sidebar control">
          {sidebarBehaviourOptions.map((option) => (
            <MenuItem key={option.value} id={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}
