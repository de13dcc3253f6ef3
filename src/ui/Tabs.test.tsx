// @vitest-environment jsdom
import './testing/jsdom.ts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tab, TabList, TabPanel, Tabs } from './Tabs.tsx';

describe('Tabs', () => {
  it('moves between tabs with arrow keys and shows the selected panel', async () => {
    const user = userEvent.setup();
    render(
      <Tabs>
        <TabList aria-label="Connect">
          <Tab id="direct">Direct</Tab>
          <Tab id="frameworks">App Frameworks</Tab>
          <Tab id="mcp">MCP</Tab>
        </TabList>
        <TabPanel id="direct">Direct panel</TabPanel>
        <TabPanel id="frameworks">Frameworks panel</TabPanel>
        <TabPanel id="mcp">MCP panel</TabPanel>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Direct panel');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Direct' }));

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'App Frameworks' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Frameworks panel');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Direct' }).getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tabpanel').textContent).toBe('MCP panel');
  });
});
