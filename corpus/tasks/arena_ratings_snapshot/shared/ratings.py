"""Elo ratings for the arena's players (player ids are integers)."""

START_RATING = 1500.0
PROVISIONAL_GAMES = 5


class RatingTable:
    def __init__(self, k_factor=32, season=1):
        self.k_factor = k_factor
        self.season = season
        self.ratings = {}
        self.games = {}

    def rating(self, player_id):
        return self.ratings.get(player_id, START_RATING)

    def provisional(self, player_id):
        return self.games.get(player_id, 0) < PROVISIONAL_GAMES

    def expected(self, player_id, opponent_id):
        return 1 / (1 + 10 ** ((self.rating(opponent_id) - self.rating(player_id)) / 400))

    def record(self, winner_id, loser_id):
        if winner_id == loser_id:
            raise ValueError(f"player {winner_id} cannot play against themselves")
        gain = self.k_factor * (1 - self.expected(winner_id, loser_id))
        self.ratings[winner_id] = self.rating(winner_id) + gain
        self.ratings[loser_id] = self.rating(loser_id) - gain
        for player_id in (winner_id, loser_id):
            self.games[player_id] = self.games.get(player_id, 0) + 1
        return round(gain, 1)
