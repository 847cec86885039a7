package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"duel-masters/game/cards"
	"duel-masters/game/match"
)

// CatalogueCard is the part of a duelspec DM catalogue entry the driver needs.
type CatalogueCard struct {
	ID    string `json:"id"`
	SimID string `json:"sim_id"`
	Name  struct {
		En string `json:"en"`
	} `json:"name"`
}

// Catalogue maps duelspec card ids ("DM-01 S5/110") to the engine's card ids (its
// DuelMastersCards.json "id", kept as `sim_id` in features/cards/dm.json).
type Catalogue struct {
	byID map[string]CatalogueCard
}

func loadCatalogue(path string) (*Catalogue, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("card catalogue: %v", err)
	}
	var doc struct {
		Cards []CatalogueCard `json:"cards"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("card catalogue %s: %v", path, err)
	}
	c := &Catalogue{byID: map[string]CatalogueCard{}}
	for _, card := range doc.Cards {
		c.byID[card.ID] = card
	}
	return c, nil
}

// engineID returns the engine's id of a catalogue card, or the reason this engine cannot
// have it.
func (c *Catalogue) engineID(id string) (string, string) {
	card, ok := c.byID[id]
	if !ok {
		return "", fmt.Sprintf("card %q is not in duelspec's DM catalogue", id)
	}
	if card.SimID == "" {
		if len(id) > 5 && id[:5] == "test:" {
			return "", fmt.Sprintf("%q is a duelspec test creature (%s); the engine has no such card", id, card.Name.En)
		}
		return "", engineCardFileReason(card.Name.En, id)
	}
	if _, err := match.CardCtor(card.SimID); err != nil {
		return "", fmt.Sprintf("the engine does not implement %s (%s, engine id %s)", card.Name.En, id, card.SimID)
	}
	return card.SimID, ""
}

// registerEngineCards registers every card constructor of the engine's card sets, as the
// engine's own test harness does (sim/tests/scenario: New).
func registerEngineCards() {
	for _, set := range cards.Sets {
		for uid, ctor := range *set {
			if ctor != nil {
				match.AddCard(uid, ctor)
			}
		}
	}
}

// engineDir is the engine checkout the driver was built from (build.sh: -ldflags -X).
var engineDir = ""

// engineCardFileReason: why a card of duelspec's list that has no engine id is not played, as the
// engine's own card file (sim/DuelMastersCards.json) says: listed there without an id (the engine
// has no implementation to spawn), or not listed at all.
func engineCardFileReason(name, id string) string {
	path := filepath.Join(engineDir, "sim", "DuelMastersCards.json")
	data, err := os.ReadFile(path)
	if engineDir == "" || err != nil {
		return fmt.Sprintf("%s (%s) has no engine id in duelspec's card list (features/cards/dm.json sim_id); the engine's card file was not read", name, id)
	}
	var doc struct {
		Cards []struct {
			Name      string `json:"name"`
			ID        string `json:"id"`
			Printings []struct {
				Set string `json:"set"`
			} `json:"printings"`
		} `json:"cards"`
	}
	if json.Unmarshal(data, &doc) == nil {
		for _, c := range doc.Cards {
			if c.Name == name {
				sets := []string{}
				for _, p := range c.Printings {
					sets = append(sets, p.Set)
				}
				if c.ID == "" {
					return fmt.Sprintf("%s (%s) is in the engine's card file (sim/DuelMastersCards.json, %s) without an id: the engine has no implementation of it", name, id, strings.Join(sets, ", "))
				}
				return fmt.Sprintf("%s (%s) is in the engine's card file with id %s, which duelspec's card list does not record (features/cards/dm.json sim_id)", name, id, c.ID)
			}
		}
	}
	return fmt.Sprintf("%s (%s) is not in the engine's card file (sim/DuelMastersCards.json)", name, id)
}
