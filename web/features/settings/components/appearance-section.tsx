import { RadioCard, RadioGroup } from '@/components/ui/radio-group'
import { useThemePreference, type ThemePreference } from '@/lib/theme'
import { SettingsSection } from './settings-section'

const OPTIONS: { value: ThemePreference; label: string; description: string }[] = [
  { value: 'light', label: 'Light', description: 'Dark text on a light background.' },
  { value: 'dark', label: 'Dark', description: 'Light text on a dark background.' },
  { value: 'system', label: 'System', description: "Follows your device's setting." },
]

export function AppearanceSection() {
  const { preference, setPreference } = useThemePreference()
  return (
    <SettingsSection
      id="appearance-heading"
      title="Appearance"
      description="The theme of the app on this device."
    >
      <RadioGroup
        aria-labelledby="appearance-heading"
        value={preference}
        onValueChange={(value) => setPreference(value as ThemePreference)}
        className="sm:grid-cols-3"
      >
        {OPTIONS.map((option) => (
          <RadioCard key={option.value} {...option} />
        ))}
      </RadioGroup>
    </SettingsSection>
  )
}
