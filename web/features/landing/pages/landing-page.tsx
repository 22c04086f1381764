import { useDocumentTitle } from '@/lib/use-document-title'
import { BlogTeasers } from '../components/blog-teasers'
import { ClosingCta } from '../components/closing-cta'
import { ConsultantsSection } from '../components/consultants-section'
import { CustomerStory } from '../components/customer-story'
import { FeaturesSection } from '../components/features-section'
import { HeroSection } from '../components/hero-section'
import { IndustriesSection } from '../components/industries-section'
import { LandingFooter } from '../components/landing-footer'
import { LandingHeader } from '../components/landing-header'
import { PartnerStrip } from '../components/partner-strip'

/** The public home page (spec §2, "/"). */
export function LandingPage() {
  useDocumentTitle()
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <HeroSection />
        <PartnerStrip />
        <FeaturesSection />
        <CustomerStory />
        <IndustriesSection />
        <ConsultantsSection />
        <BlogTeasers />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  )
}
